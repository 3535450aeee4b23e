import { describe, expect, it } from 'vitest';
import { FakeSteps, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

describe('optional dependencies', () => {
  it('runs the dependent when an optional input fails, and tells it which input is missing and why', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('sales'), step('returns', []), step('report', ['sales', 'returns'], { optional: ['sales'] })]);
    const run = startRun(plan, fake.runner);
    await Promise.all([fake.started('sales'), fake.started('returns')]);
    fake.fail('sales', new Error('the sales API is down'));
    fake.complete('returns', 'returns data');
    const ctx = await fake.started('report');
    expect(ctx.missing?.get('sales')).toBe('step sales failed: the sales API is down');
    expect(ctx.results.has('sales')).toBe(false);
    fake.complete('report', 'report without sales');
    const outcome = await run.outcome;
    // The verdict comes from the final step: a report from the sources that worked.
    expect(outcome).toMatchObject({ status: 'succeeded', finalResult: 'report without sales' });
    expect(outcome.record.steps.get('sales')?.state).toBe('failed');
  });

  it('still skips a dependent that needs the failed step, while an optional one runs', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('a'), step('needs', ['a']), step('wants', ['a'], { optional: ['a'] })]);
    const run = startRun(plan, fake.runner);
    await fake.started('a');
    fake.fail('a', new Error('boom'));
    await fake.started('wants');
    fake.complete('wants', 'done anyway');
    const outcome = await run.outcome;
    expect(outcome.record.steps.get('needs')).toMatchObject({ state: 'skipped', skipReason: 'upstream step a failed' });
    // `needs` requires `a`, so the failure stands and decides the verdict.
    expect(outcome).toMatchObject({ status: 'failed', reason: 'step a failed: boom' });
  });

  it('runs an optional dependent of a step that was skipped, saying why it was skipped', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('a', [], { onFailure: 'continue' }), step('b', ['a']), step('c', ['b'], { optional: ['b'] })]);
    const run = startRun(plan, fake.runner);
    await fake.started('a');
    fake.fail('a', new Error('boom'));
    const ctx = await fake.started('c');
    expect(ctx.missing?.get('b')).toBe('step b was skipped: upstream step a failed (on_failure: continue)');
    fake.complete('c', 'partial');
    expect(await run.outcome).toMatchObject({ status: 'succeeded', finalResult: 'partial' });
  });

  it('waits for an optional input that completes, like any dependency', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b', ['a'], { optional: ['a'] })]), fake.runner);
    await fake.started('a');
    expect(fake.startOrder).toEqual(['a']);
    fake.complete('a', 'A');
    const ctx = await fake.started('b');
    expect(ctx.results.get('a')).toBe('A');
    fake.complete('b');
    expect((await run.outcome).status).toBe('succeeded');
  });
});
