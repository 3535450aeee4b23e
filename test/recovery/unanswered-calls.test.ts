import { expect, it } from 'vitest';
import { httpError, textAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';

// Found by an adversarial pass: one step's model call got a 400 (an answer, with no usage). max_model_calls
// counted it, as it counts every call started, and the cost table did not: the run stopped on "max_model_calls
// 2 (spent 2 …)" beside a table of 1 call against a limit of 2, and nothing said why.
const PLAN = `
name: Calls
limits: { max_model_calls: 2, concurrency: 1 }
workflow_sequence:
  - { id: a, type: reasoning, description: Describe alpha, depends_on: [], on_failure: continue }
  - { id: b, type: reasoning, description: Describe beta, depends_on: [] }
  - { id: c, type: reasoning, description: Describe gamma, depends_on: [b] }
`;

it('says how many calls failed unanswered, which max_model_calls counted and the cost table does not', async () => {
  const job = await runOfflineJob({
    plan: PLAN,
    script: (request) => {
      const text = JSON.stringify(request.body.messages);
      if (text.includes('Describe alpha')) return httpError(400, { message: 'bad request' });
      return textAnswer('ok', { usage: { prompt_tokens: 100, completion_tokens: 10 } });
    },
  });
  if (job.outcome.kind !== 'ran') throw new Error(job.summary);
  expect(job.outcome.run.reason).toMatch(/^budget exceeded: max_model_calls 2 \(spent 2; step c needed another call\)/);
  expect(job.outcome.usage).toMatchObject({ modelCalls: 1, unansweredCalls: 1 });
  expect(job.summary).toContain('| **Total** | 1 |');
  expect(job.summary).toContain('1 model call failed with no answer saying what it used (an HTTP error), so no cost figure counts it. `max_model_calls` counts every call started, answered or not.');
  // Kept in the trace, which a resume reads back.
  expect(job.trace.find((event) => event['type'] === 'run_finished')).toMatchObject({ usage: { unansweredCalls: 1 } });
});
