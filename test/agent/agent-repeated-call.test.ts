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

function openIssueTool(titles: string[]): Tool {
  return {
    name: 'open_issue',
    description: 'Opens an issue.',
    inputSchema: { type: 'object', properties: { title: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } }, required: ['title'], additionalProperties: false },
    sideEffects: true,
    async execute(args) {
      titles.push(String(args['title']));
      return { number: titles.length };
    },
  };
}

// The model asked twice for the call it had made (in one answer, or in its next): the repeat was refused, as
// it should be, but the run escalated ("check whether it did") though the call had taken effect and the
// model had its answer (found by an adversarial pass).
describe('agent step: a side-effect call it already made in this step', () => {
  it('is answered as not run, and the run goes on, when asked twice in one answer', async () => {
    const titles: string[] = [];
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [openIssueTool(titles)],
      script: [
        todos(false, [['1', 'Open the issue', 'in_progress']]),
        { kind: 'completion', content: null, toolCalls: [{ name: 'open_issue', arguments: { title: 'Flaky', labels: ['ci'] } }, { name: 'open_issue', arguments: { labels: ['ci'], title: 'Flaky' } }] },
        todos(true, [['1', 'Open the issue', 'completed']]),
        textAnswer('Opened issue #1.'),
      ],
    });
    expect(titles).toEqual(['Flaky']);
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
    const replies = (job.server.requests[2]!.body.messages as { role: string; content: string }[]).filter((m) => m.role === 'tool').map((m) => m.content);
    expect(replies.slice(-2)).toEqual([
      '<data tool="open_issue">\n{"number":1}\n</data>',
      "Not run again: 'open_issue' with these arguments already took effect earlier in this step; a call with side effects is never made twice. What it gave then:\n<data tool=\"open_issue\">\n{\"number\":1}\n</data>",
    ]);
    const calls = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'open_issue');
    expect(calls.map((call) => call.ok)).toEqual([true, false]);
  });

  it('is answered so in a later turn too, while another call of the tool runs', async () => {
    const titles: string[] = [];
    const job = await runOfflineJob({
      plan: PLAN,
      extraTools: [openIssueTool(titles)],
      script: [
        todos(false, [['1', 'Open the issue', 'in_progress']]),
        toolCallAnswer('open_issue', { title: 'Flaky' }),
        toolCallAnswer('open_issue', { title: 'Flaky' }),
        toolCallAnswer('open_issue', { title: 'Flaky, again' }),
        textAnswer('Opened issues #1 and #2.'),
      ],
    });
    expect(titles).toEqual(['Flaky', 'Flaky, again']);
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
  });
});
