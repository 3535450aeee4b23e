import { describe, expect, it } from 'vitest';
import { FakeSteps, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

describe('runPlan with on_failure: continue', () => {
  it('fails the run when the final step was skipped because a continue step failed', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('1', [], { onFailure: 'continue' }), step('2', ['1'])]), fake.runner);
    await fake.started('1');
    fake.fail('1', new Error('boom'));
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({
      status: 'failed',
      reason: 'the final step 2 did not run: it was skipped because step 1 failed (on_failure: continue)',
    });
    expect(outcome.resultStepKey).toBeUndefined();
    expect(outcome.record).toMatchObject({ status: 'failed', reason: outcome.reason });
  });

  it('names the continue step even when the final step is further downstream', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('1', [], { onFailure: 'continue' }), step('2', ['1']), step('3', ['2'])]), fake.runner);
    await fake.started('1');
    fake.fail('1', new Error('boom'));
    const outcome = await run.outcome;
    expect(outcome.reason).toBe('the final step 3 did not run: it was skipped because step 1 failed (on_failure: continue)');
  });

  it('fails the run when the final step itself failed with continue', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('1'), step('2', ['1'], { onFailure: 'continue' })]), fake.runner);
    await fake.started('1');
    fake.complete('1');
    await fake.started('2');
    fake.fail('2', new Error('boom'));
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'the final step 2 failed (on_failure: continue), so the run has no result: boom' });
  });

  it('still succeeds when a continue step failed but the final step completed', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('1', [], { onFailure: 'continue' }), step('2', ['1']), step('3')]), fake.runner);
    await Promise.all([fake.started('1'), fake.started('3')]);
    fake.fail('1', new Error('boom'));
    fake.complete('3', 'the answer');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.reason).toBeUndefined();
    expect(outcome).toMatchObject({ resultStepKey: '3', finalResult: 'the answer' });
    expect(outcome.record.steps.get('2')?.state).toBe('skipped');
  });
});
