import { describe, expect, it } from 'vitest';
import { StepError } from '../../src/core/step-error.ts';
import { FakeSteps, step } from './fake-steps.ts';
import { eventLog, planOf, startRun } from './run-fixture.ts';

describe('runPlan when a step fails', () => {
  it('skips every step downstream of the failure, naming the failed upstream', async () => {
    const fake = new FakeSteps();
    const steps = [step('a'), step('b', ['a']), step('c', ['b']), step('d', ['a', 'c'])];
    const run = startRun(planOf(steps), fake.runner);
    await fake.started('a');
    fake.fail('a', new Error('boom'));
    const outcome = await run.outcome;
    expect(fake.startOrder).toEqual(['a']);
    for (const key of ['b', 'c', 'd']) {
      expect(outcome.record.steps.get(key)).toMatchObject({ state: 'skipped', skipReason: 'upstream step a failed' });
    }
    expect(outcome.record.steps.get('a')).toMatchObject({ state: 'failed', error: 'boom' });
    expect(outcome).toMatchObject({ status: 'failed', reason: 'step a failed: boom' });
    expect(outcome.resultStepKey).toBeUndefined();
  });

  it('lets an independent branch finish after another branch failed', async () => {
    const fake = new FakeSteps();
    const steps = [step('a'), step('x'), step('b', ['a']), step('y', ['x'])];
    const run = startRun(planOf(steps), fake.runner);
    await Promise.all([fake.started('a'), fake.started('x')]);
    fake.fail('a', new Error('boom'));
    fake.complete('x');
    await fake.started('y');
    fake.complete('y', 'still done');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('failed');
    expect(outcome.record.steps.get('y')?.state).toBe('completed');
    expect(outcome.record.steps.get('b')?.state).toBe('skipped');
    expect(outcome.results.get('y')).toBe('still done');
    expect(outcome.resultStepKey).toBe('y');
  });

  it('records whether the error was transient, as the error said', async () => {
    const fake = new FakeSteps();
    // One attempt only: retrying transient errors is tested in test/recovery.
    const once = { retry: { max_attempts: 1 } };
    const run = startRun(planOf([step('a', [], once), step('b')]), fake.runner);
    await Promise.all([fake.started('a'), fake.started('b')]);
    fake.fail('a', new StepError('503 from the server', { transient: true }));
    fake.fail('b', 'plain string thrown');
    const outcome = await run.outcome;
    const failed = run.events.filter((e) => e.type === 'step_failed');
    expect(failed).toEqual([
      expect.objectContaining({ stepKey: 'a', error: '503 from the server', transient: true }),
      expect.objectContaining({ stepKey: 'b', error: 'plain string thrown', transient: false }),
    ]);
    expect(outcome.reason).toBe('step a failed: 503 from the server (and 1 more failed)');
  });

  it('records a runner that throws synchronously as a failed step', async () => {
    const run = startRun(planOf([step('a')]), () => {
      throw new Error('not even a promise');
    });
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'step a failed: not even a promise' });
    expect(eventLog(run.events)).toEqual(['plan_created', 'step_started:a', 'step_failed:a', 'run_finished']);
  });
});
