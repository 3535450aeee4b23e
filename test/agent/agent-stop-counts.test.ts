import { describe, expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

const PLAN = `
name: Agent that opens an issue
workflow_sequence:
  - id: report
    type: agent
    task: Open one issue about the flaky test.
    tools: [open_issue]
`;

/** A tool that honours its signal: the run's cancel, pressed while it runs, ends the call. */
function cancelledMidCall(cancel: AbortController, sideEffects: boolean): Tool {
  return {
    name: 'open_issue',
    description: 'Opens an issue.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
    sideEffects,
    execute: (_args, ctx) =>
      new Promise((_resolve, reject) => {
        ctx.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')), { once: true });
        cancel.abort(new Error('cancelled by the user'));
      }),
  };
}

describe('agent step: the counts the reports show when a stop lands during a tool call', () => {
  it.each([true, false])('counts the call the trace records as made (side effects: %s)', async (sideEffects) => {
    const cancel = new AbortController();
    const job = await runOfflineJob({
      plan: PLAN,
      signal: cancel.signal,
      extraTools: [cancelledMidCall(cancel, sideEffects)],
      script: [todos(false, [['1', 'Open the issue', 'in_progress']]), toolCallAnswer('open_issue', { title: 'Flaky test' }), textAnswer('Opened.')],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.trace.filter((line) => line.type === 'tool_called')).toHaveLength(1);
    const step = job.outcome.run.record.steps.get('report')!;
    expect(step.state).toBe('failed');
    // The call is on the agent's record as the trace has it: made, and ended by the stop.
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'open_issue')).toMatchObject([{ ok: false }]);
    expect(step.agent).toMatchObject({ turns: 2, toolCalls: 0, failedCalls: 1 });
    expect(job.summary).toContain('turn 2/');
    expect(job.summary).toContain('1 failed or not run');
  });

  it('counts a call whose tool ends only after its step did (a command still being killed)', async () => {
    const cancel = new AbortController();
    let stepEnded!: () => void;
    const ended = new Promise<void>((resolve) => (stepEnded = resolve));
    const tool: Tool = {
      ...cancelledMidCall(cancel, true),
      execute: (_args, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () => void ended.then(() => reject(new DOMException('The operation was aborted', 'AbortError'))), { once: true });
          cancel.abort(new Error('cancelled by the user'));
        }),
    };
    const job = await runOfflineJob({
      plan: PLAN,
      signal: cancel.signal,
      extraTools: [tool],
      listeners: () => [(event) => event.type === 'step_failed' && stepEnded()],
      script: [todos(false, [['1', 'Open the issue', 'in_progress']]), toolCallAnswer('open_issue', { title: 'Flaky test' }), textAnswer('Opened.')],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.trace.filter((line) => line.type === 'tool_called')).toHaveLength(1);
    expect(job.outcome.run.record.steps.get('report')!.agent).toMatchObject({ turns: 2, toolCalls: 0, failedCalls: 1 });
  });

  it.each(['before', 'after'])('counts a call that answered in the turn the stop landed (the stop %s the answer) as the call that succeeded', async (when) => {
    const cancel = new AbortController();
    const tool: Tool = {
      ...cancelledMidCall(cancel, true),
      execute: () =>
        new Promise((resolve) => {
          if (when === 'before') cancel.abort(new Error('cancelled by the user'));
          resolve({ number: 7 });
          if (when === 'after') cancel.abort(new Error('cancelled by the user'));
        }),
    };
    const job = await runOfflineJob({
      plan: PLAN,
      signal: cancel.signal,
      extraTools: [tool],
      script: [todos(false, [['1', 'Open the issue', 'in_progress']]), toolCallAnswer('open_issue', { title: 'Flaky test' }), textAnswer('Opened.')],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.trace.filter((line) => line.type === 'tool_returned')).toMatchObject([{ outcome: 'succeeded' }]);
    expect(job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'open_issue')).toMatchObject([{ ok: true, result: { number: 7 } }]);
    expect(job.outcome.run.record.steps.get('report')!.agent).toMatchObject({ turns: 2, toolCalls: 1, failedCalls: 0 });
  });

  it('counts the call on the for_each item whose agent the stop ended, and the item as the one that failed', async () => {
    const cancel = new AbortController();
    const job = await runOfflineJob({
      plan: `
name: Agents per title
tools:
  titles:
    description: The titles
    command: ["sh", "-c", "echo '[\\"a\\", \\"b\\"]'"]
    input: { type: object }
limits: { concurrency: 1 }
workflow_sequence:
  - { id: list, type: tool_call, tool: titles, args: {} }
  - id: report
    type: agent
    task: Open one issue titled \${title}.
    tools: [open_issue]
    for_each: \${steps.list.result}
    depends_on: [list]
    as: title
    on_item_failure: continue
`,
      signal: cancel.signal,
      extraTools: [cancelledMidCall(cancel, true)],
      script: [todos(false, [['1', 'Open the issue', 'in_progress']]), toolCallAnswer('open_issue', { title: 'a' }), textAnswer('Opened.')],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    const step = job.outcome.run.record.steps.get('report')!;
    expect(job.trace.filter((line) => line.type === 'tool_called' && line.tool === 'open_issue')).toHaveLength(1);
    expect(step.items?.map((item) => [item.state, item.agent?.failedCalls ?? 0])).toEqual([
      ['failed', 1],
      ['pending', 0],
    ]);
    expect(step.itemCounts).toMatchObject({ total: 2, completed: 0, failed: 1, running: 0 });
  });
});
