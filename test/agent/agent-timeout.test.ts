import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/run/manual-clock.ts';
import { hang, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { PLAN } from './agent-fixtures.ts';

describe('agent step timeout', () => {
  it('stops the loop at timeout_seconds, fails the step, and keeps the todos and the last message in the summary', async () => {
    let clock: ManualClock | undefined;
    const job = await runOfflineJob({
      plan: PLAN.replace('tools: [add, multiply]', 'tools: [add, multiply]\n    timeout_seconds: 30\n    on_failure: fail'),
      listeners: (runClock) => {
        clock = runClock;
        return [];
      },
      script: (request) => {
        if (request.index === 0) {
          return {
            kind: 'completion',
            content: 'I will add first, then multiply.',
            toolCalls: [{ name: 'write_todos', arguments: { merge: false, todos: [{ id: '1', content: 'Add 2 and 3', status: 'in_progress' }, { id: '2', content: 'Multiply by 4', status: 'pending' }] } }],
          };
        }
        if (request.index === 1) {
          // The model never answers; the step's own timer (on the run's clock) runs out.
          setImmediate(() => clock!.advance(30_000));
          return hang();
        }
        return toolCallAnswer('add', { a: 1, b: 1 });
      },
    });
    if (job.outcome.kind !== 'ran') throw new Error(job.outcome.kind);
    expect(job.outcome.status).toBe('failed');
    const step = job.outcome.run.record.steps.get('solve')!;
    expect(step.state).toBe('failed');
    expect(step.error).toMatch(/timed out after 30 ?s/);
    expect(step.todos?.map((todo) => `${todo.status} ${todo.content}`)).toEqual(['in_progress Add 2 and 3', 'pending Multiply by 4']);
    // The item in progress when the step timed out shows as stopped, not as work going on.
    expect(job.summary).toContain('- ⏹️ Add 2 and 3\n- ⬜ Multiply by 4');
    expect(job.summary).toContain('Last message from the agent: I will add first, then multiply.');
  });
});
