// A planner whose model call failed wrote no plan, yet the job summary opened a "The plan the model wrote"
// section saying it did not pass validation, and the CLI named "the rejected plan" (found by a new-user
// walkthrough, with a stale replay).
import { expect, it } from 'vitest';
import { httpError, textAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from './job-harness.ts';

it('a planner call that failed is no rejected plan', async () => {
  const job = await runOfflineJob({ plan: 'name: Written\ngoal: Compute 3 times 4\ntoolsets: [math]\n', script: () => httpError(400, { message: 'bad request' }) });
  expect(job.outcome.kind).toBe('rejected');
  if (job.outcome.kind !== 'rejected') return;
  expect(job.outcome.rejectedPlan).toBeUndefined();
  expect(job.outcome.errors[0]?.message).toBe('the model could not write a plan; no step ran');
  expect(job.summary).not.toContain('The plan the model wrote');
});

// A step whose model call could not reach the endpoint, or whose key it refused, was replanned: the replanner
// called the same endpoint with the same key, failed the same way, and the run said `escalated` (found by a
// new-user walkthrough: 7 s of calls to a dead endpoint).
it('a step the endpoint refused the key for is not replanned: the run fails, saying why once', async () => {
  const plan = 'name: Refused\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n  - { id: 2, type: reasoning, description: Say the sum, depends_on: [1] }\n';
  const job = await runOfflineJob({ plan, script: () => httpError(401, { message: 'invalid api key' }) });
  expect(job.server.requests).toHaveLength(1);
  expect(job.outcome.kind === 'ran' && job.outcome.run.status).toBe('failed');
  expect(job.outcome.kind === 'ran' && job.outcome.run.reason).toMatch(/^step 2 failed: Model call for step 2 \(model gpt-4\.1-mini at http:\/\/127\.0\.0\.1:\d+\/v1\) failed: 401 invalid api key\. Check the API key/);
});

// Found by a review: a for_each step fails with its item's error wrapped, and a type: plan step with its used
// plan's, so both were still replanned after a 401; a 403, which an endpoint gives for one model or one
// request, still is.
it('a for_each step or a used plan whose model call had its key refused is not replanned either; a 403 is', async () => {
  const list = '  - { id: 1, type: tool_call, tool: pairs, args: {} }\n';
  const tools = 'tools:\n  pairs: { description: P, command: ["sh", "-c", "echo \'[1, 2]\'"], input: { type: object } }\n';
  const items = `name: Items\nmodel: { name: gpt-4.1-mini }\n${tools}workflow_sequence:\n${list}  - { id: 2, type: reasoning, description: Say it, for_each: "\${steps.1.result}" }\n`;
  const refused = await runOfflineJob({ plan: items, script: () => httpError(401, { message: 'invalid api key' }) });
  expect(refused.outcome.kind === 'ran' && refused.outcome.run.status).toBe('failed');
  // One call per item (a 401 is not retried), and none of the replanner's.
  expect(refused.server.requests).toHaveLength(2);
  const used = await runOfflineJob({ plan: `name: Uses\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: u, type: plan, uses: inner.yml }\n`, files: { 'inner.yml': items }, script: () => httpError(401, { message: 'invalid api key' }) });
  expect(used.outcome.kind === 'ran' && used.outcome.run.status).toBe('failed');
  expect(used.server.requests).toHaveLength(2);
  // Items that failed so under on_item_failure: continue leave their step completed; a later step's failure
  // is not replanned either (found by a review).
  const continued = `${items.replace('for_each: "${steps.1.result}" }', 'for_each: "${steps.1.result}", on_item_failure: continue }')}  - { id: 3, type: tool_call, tool: fails, args: {}, depends_on: [2] }\n`.replace('tools:\n', 'tools:\n  fails: { description: F, command: ["sh", "-c", "exit 3"], input: { type: object } }\n');
  const after = await runOfflineJob({ plan: continued, script: () => httpError(401, { message: 'invalid api key' }) });
  expect(after.outcome.kind === 'ran' && after.outcome.run.status).toBe('failed');
  expect(after.server.requests).toHaveLength(2);
  const forbidden = await runOfflineJob({ plan: items, script: () => httpError(403, { message: 'no access to this model' }) });
  expect(forbidden.outcome.kind === 'ran' && forbidden.outcome.run.status).toBe('escalated');
  expect(forbidden.server.requests).toHaveLength(3);
});

// Found by a review: a used plan whose judge goal got the 401 failed its step through its goals, and that
// step was replanned: one more call to the endpoint that refused the key, then `escalated`.
it('a used plan whose judge had its key refused is not replanned', async () => {
  const inner = 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\ngoals:\n  - { name: fine, judge: The sum is right. }\n';
  const job = await runOfflineJob({ plan: 'name: Uses\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: u, type: plan, uses: inner.yml }\n', files: { 'inner.yml': inner }, script: () => httpError(401, { message: 'invalid api key' }) });
  expect(job.outcome.kind === 'ran' && job.outcome.run.status).toBe('failed');
  expect(job.server.requests).toHaveLength(1);
});

// Found by an adversarial pass: with a model configured, a used plan whose goal was not met was replanned, the
// replacement step skipped the check, and the run passed.
it('a used plan whose goals decided against it is not replanned: the run fails on the verdict', async () => {
  const inner = 'name: Inner\ntools:\n  read: { description: R, command: ["sh", "-c", "echo code with TODO"] }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: read, args: {} }\ngoals:\n  - { name: no TODO, not_contains: TODO }\n';
  const replacement = JSON.stringify({ why: 'the check failed; skip it', steps: [{ id: 'alt', type: 'reasoning', description: 'Say done' }] });
  const job = await runOfflineJob({ plan: 'name: Uses\nmodel: { name: gpt-4.1-mini }\nworkflow_sequence:\n  - { id: u, type: plan, uses: inner.yml }\n', files: { 'inner.yml': inner }, script: () => textAnswer(replacement) });
  expect(job.server.requests).toHaveLength(0);
  expect(job.outcome.kind === 'ran' && job.outcome.run.status).toBe('failed');
  expect(job.outcome.kind === 'ran' && job.outcome.run.reason).toContain("its goals decide against it: 'no TODO' not met");
});
