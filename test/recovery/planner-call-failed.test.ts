// A planner whose model call failed wrote no plan, yet the job summary opened a "The plan the model wrote"
// section saying it did not pass validation, and the CLI named "the rejected plan" (found by a new-user
// walkthrough, with a stale replay).
import { expect, it } from 'vitest';
import { httpError } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';

it('a planner call that failed is no rejected plan', async () => {
  const job = await runOfflineJob({ plan: 'name: Written\ngoal: Compute 3 times 4\ntoolsets: [math]\n', script: () => httpError(400, { message: 'bad request' }) });
  expect(job.outcome.kind).toBe('rejected');
  if (job.outcome.kind !== 'rejected') return;
  expect(job.outcome.rejectedPlan).toBeUndefined();
  expect(job.outcome.errors[0]?.message).toBe('the model could not write a plan; no step ran');
  expect(job.summary).not.toContain('The plan the model wrote');
});
