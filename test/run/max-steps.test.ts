import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import { runJob } from '../../src/job/run-job.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-max-steps-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// Found by review: with nothing else running when max_steps refused a step, the steps left were skipped
// as "not run: its dependencies never completed" (the text for an executor bug), not for the budget.
it('skips the steps a max_steps stop leaves, saying it was the budget', async () => {
  // The plan's own three steps fit; the two its used plan runs do not (a plan file with more steps of its own
  // than max_steps is refused before it runs).
  await writeFile(path.join(dir, 'inner.yml'), 'name: Inner\ntoolsets: [math]\nworkflow_sequence:\n  - { id: x, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n  - { id: y, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  await writeFile(
    path.join(dir, 'plan.yml'),
    'name: Chain\nlimits: { max_steps: 3 }\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: add, args: { a: 1, b: 1 } }\n  - { id: b, type: plan, uses: inner.yml }\n  - { id: c, type: tool_call, tool: add, args: { a: { step_result: a }, b: 1 } }\n',
  );
  const outcome = await runJob(
    { planFile: path.join(dir, 'plan.yml'), inputs: {}, cwd: dir, env: { PATH: process.env.PATH }, model: { baseURL: 'http://127.0.0.1:9/v1' } },
    { listeners: [], clock: systemClock },
  );
  expect(outcome.kind === 'ran' && outcome.status).toBe('failed');
  if (outcome.kind !== 'ran') return;
  expect(outcome.run.record.steps.get('a')?.state).toBe('completed');
  expect(outcome.run.record.steps.get('b')).toMatchObject({ state: 'failed', error: expect.stringContaining('budget exceeded: max_steps 3') });
  expect(outcome.run.record.steps.get('c')).toMatchObject({ state: 'skipped', skipReason: expect.stringMatching(/^budget exceeded: max_steps 3/) });
});
