import { describe, expect, it } from 'vitest';
import { FakeSteps, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';
import { PlanGraph } from '../../src/run/plan-graph.ts';

describe('the final step of a plan that declares a step before the step it depends on', () => {
  it('is the step nothing depends on, not the last one declared', () => {
    expect(new PlanGraph([step('report', ['fetch']), step('fetch', [])]).lastKey()).toBe('report');
    expect(new PlanGraph([step('fetch', []), step('report', ['fetch'])]).lastKey()).toBe('report');
  });

  it('fails the run when that step failed under on_failure: continue, in either order', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('report', ['fetch'], { onFailure: 'continue' }), step('fetch', [])]), fake.runner);
    await fake.started('fetch');
    fake.complete('fetch', 'raw data');
    await fake.started('report');
    fake.fail('report', new Error('boom'));
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'the final step report failed (on_failure: continue), so the run has no result: boom' });
    expect(outcome.resultStepKey).toBeUndefined();
  });
});
