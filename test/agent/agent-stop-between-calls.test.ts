import { describe, expect, it } from 'vitest';
import type { Tool } from '../../src/tools/tool.ts';
import { MAX_TOOL_CALLS_PER_TURN } from '../../src/steps/agent/run-agent-step.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

const PLAN = `
name: Agent that looks things up
workflow_sequence:
  - id: look
    type: agent
    task: Look up the flaky tests.
    tools: [lookup]
`;

const lookup: Tool = {
  name: 'lookup',
  description: 'Looks a test up.',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
  sideEffects: false,
  execute: async () => 'found',
};

// The calls of one answer that no tool runs for (arguments refused, a tool not offered, the cap) were answered one after
// another without the event loop turning: no timer, cancel or step timeout could land between them. Each refused call is
// checked against its tool's input schema, which may take 5 s (CHECK_TIME_LIMIT_MS): 16 calls of an agent step with
// `timeout_seconds: 3` held the event loop 84 s, and the step then completed ✅ (found by an agent hunt).
describe('agent step: a stop lands between the calls of one answer', () => {
  it('answers no call of the turn once the run is cancelled, refused calls included', async () => {
    const cancel = new AbortController();
    const calls = Array.from({ length: MAX_TOOL_CALLS_PER_TURN }, () => ({ name: 'lookup', arguments: { q: 7 } }));
    const job = await runOfflineJob({
      plan: PLAN,
      signal: cancel.signal,
      extraTools: [lookup],
      // The cancel is due as soon as the turn's answer is read: a timer, which the loop runs only when it turns.
      listeners: () => [(event) => void (event.type === 'agent_turn' && event.turn === 2 && setTimeout(() => cancel.abort(new Error('cancelled by the user')), 0))],
      script: [
        { kind: 'completion', content: null, toolCalls: [{ name: 'write_todos', arguments: { merge: false, todos: [{ id: '1', content: 'Look up', status: 'in_progress' }] } }] },
        { kind: 'completion', content: null, toolCalls: calls },
      ],
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('cancelled');
    expect(job.outcome.run.record.steps.get('look')?.state).toBe('failed');
    const answered = job.trace.filter((line) => line.type === 'agent_tool_called' && line.tool === 'lookup');
    expect(answered.length).toBeGreaterThan(0);
    // The cancel's timer runs at the first wait: a wait on an immediate let one more call through when the answer came
    // in the loop's poll phase (its immediates run before its timers).
    expect(answered.length).toBe(1);
  });
});
