import { expect, it } from 'vitest';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';
import { scriptedSteps } from '../recovery/scripted-steps.ts';

// Found by review: with nothing else running when max_steps refused a step, the steps left were skipped
// as "not run: its dependencies never completed" (the text for an executor bug), not for the budget.
// (A plan file whose steps, its used plans' included, pass max_steps is refused at load: the run is given one.)
it('skips the steps a max_steps stop leaves, saying it was the budget', async () => {
  const inner: RunnablePlan = { ...planOf([step('x'), step('y', ['x'])]), name: 'Inner' };
  const plan: RunnablePlan = {
    ...planOf([step('a'), step('b', ['a'], { type: 'plan', uses: 'inner.yml' }), step('c', ['b'])], { max_steps: 3 }),
    subplans: new Map([['inner.yml', inner]]),
  };
  const outcome = await startRun(plan, scriptedSteps()).outcome;
  expect(outcome.status).toBe('failed');
  expect(outcome.record.steps.get('a')?.state).toBe('completed');
  expect(outcome.record.steps.get('b')).toMatchObject({ state: 'failed', error: expect.stringContaining('budget exceeded: max_steps 3') });
  expect(outcome.record.steps.get('c')).toMatchObject({ state: 'skipped', skipReason: expect.stringMatching(/^budget exceeded: max_steps 3/) });
});
