// An answer whose connection drops mid-body is asked for again by the model client, for every caller:
// before, only a plain step retried it, and the planner rejected the job, the replanner escalated and an
// agent step failed on the first one, each saying "this is retried" (found by an adversarial pass).
import { describe, expect, it } from 'vitest';
import { textAnswer, type ScriptedReply } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

const cut: ScriptedReply = { kind: 'cut', text: '{"id":"x","choices":[{"index":0,' };
const ADD_PLAN = '{"steps":[{"id":1,"type":"tool_call","tool":"add","args":"{\\"a\\":1,\\"b\\":2}","description":"add"}],"why":null}';

describe('an answer cut off mid-body, once', () => {
  it('is asked for again for the planner, which writes the plan', async () => {
    const job = await runOfflineJob({ plan: 'name: W\ngoal: Compute 1 plus 2\ntoolsets: [math]\n', script: [cut, textAnswer(ADD_PLAN)] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, job.summary).toBe('succeeded');
    expect(job.server.requests).toHaveLength(2);
    expect(job.outcome.kind === 'ran' && job.outcome.usage).toMatchObject({ modelCalls: 1, abandonedRequests: 1 });
  });

  it('is asked for again for an agent step, which completes', async () => {
    const plan = 'name: A\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: agent, task: add 1 and 2, tools: [add], on_failure: fail }\n';
    const job = await runOfflineJob({ plan, script: [cut, textAnswer('3')] });
    expect(job.outcome.kind === 'ran' && job.outcome.status, job.summary).toBe('succeeded');
    expect(job.server.requests).toHaveLength(2);
  });
});

describe('an answer cut off mid-body, every time', () => {
  // The step's own retries no longer repeat what the client retried: 3 requests, not 3 times 3.
  it('fails a plain step after the client’s retries, without the step retrying them again', async () => {
    const plan = 'name: R\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: 1, type: reasoning, description: say hi, on_failure: fail }\n';
    const job = await runOfflineJob({ plan, script: () => cut, modelRetries: 2 });
    expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('failed');
    expect(job.server.requests).toHaveLength(3);
    expect(job.events.filter((event) => event.type === 'step_retrying')).toEqual([]);
    expect(job.outcome.kind === 'ran' && job.outcome.run.reason).toContain('failed after 3 attempts: the answer was cut off before its end');
  });
});
