import { describe, expect, it } from 'vitest';
import './run-matchers.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

describe('runPlan scheduling', () => {
  it('starts ready steps in declaration order, not key order', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('10'), step('2'), step('1')], { concurrency: 1 }), fake.runner);
    for (const key of ['10', '2', '1']) {
      await fake.started(key);
      fake.complete(key);
    }
    await run.outcome;
    expect(fake.startOrder).toEqual(['10', '2', '1']);
  });

  it('runs a sequential plan one step after another', async () => {
    const fake = new FakeSteps();
    const steps = [step('1'), step('2', ['1']), step('3', ['2']), step('4', ['3'])];
    const run = startRun(planOf(steps, { concurrency: 4 }), fake.runner);
    for (const s of steps) {
      await fake.started(s.key);
      await flushMicrotasks();
      expect([...fake.running.keys()]).toEqual([s.key]);
      fake.complete(s.key);
    }
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(fake.maxRunning).toBe(1);
    expect(run.events).toHaveRunBefore('1', '2');
    expect(run.events).toHaveRunBefore('3', '4');
  });

  it('never runs more than limits.concurrency steps at once (12 steps, cap 3)', async () => {
    const fake = new FakeSteps();
    const keys = Array.from({ length: 12 }, (_, i) => `s${i}`);
    const run = startRun(planOf(keys.map((key) => step(key)), { concurrency: 3 }), fake.runner);
    for (const key of keys) {
      await fake.started(key);
      await flushMicrotasks();
      expect(fake.running.size).toBeLessThanOrEqual(3);
      fake.complete(key);
    }
    await run.outcome;
    expect(fake.maxRunning).toBe(3);
    expect(fake.startOrder).toEqual(keys);
  });

  it('runs a diamond: both middle steps in parallel, the join only after both', async () => {
    const fake = new FakeSteps();
    const steps = [step('a'), step('b', ['a']), step('c', ['a']), step('d', ['b', 'c'])];
    const run = startRun(planOf(steps), fake.runner);
    await fake.started('a');
    fake.complete('a', 1);
    await Promise.all([fake.started('b'), fake.started('c')]);
    fake.complete('b', 2);
    await flushMicrotasks();
    expect(fake.startOrder).not.toContain('d');
    fake.complete('c', 3);
    const d = await fake.started('d');
    expect(Object.fromEntries(d.results)).toEqual({ a: 1, b: 2, c: 3 });
    fake.complete('d', 'joined');
    const outcome = await run.outcome;
    expect(outcome.finalResult).toBe('joined');
    expect(outcome.resultStepKey).toBe('d');
  });

  it('starts a step as soon as its own dependencies are done, while an unrelated slow step runs', async () => {
    const fake = new FakeSteps();
    // Waves would put `slow` and `b` in one wave and hold `c` until `slow` finished.
    const steps = [step('slow'), step('b'), step('c', ['b'])];
    const run = startRun(planOf(steps), fake.runner);
    await Promise.all([fake.started('slow'), fake.started('b')]);
    fake.complete('b');
    await fake.started('c');
    expect(fake.running.has('slow')).toBe(true);
    fake.complete('c');
    await flushMicrotasks();
    expect(run.events.some((e) => e.type === 'run_finished')).toBe(false);
    fake.complete('slow');
    expect((await run.outcome).status).toBe('succeeded');
  });

  it('gives each step the goal, goal names, inputs and cwd of the run', async () => {
    const fake = new FakeSteps();
    const plan = {
      ...planOf([step('only')]),
      goal: 'add numbers',
      source: { goals: [{ name: 'is eleven', equals: '11' }] },
    };
    const run = startRun(plan, fake.runner, { inputs: { n: 3 }, cwd: '/work/repo' });
    const ctx = await fake.started('only');
    fake.complete('only');
    await run.outcome;
    expect(ctx).toMatchObject({ goal: 'add numbers', goalNames: ['is eleven'], inputs: { n: 3 }, cwd: '/work/repo' });
    expect([...ctx.steps.keys()]).toEqual(['only']);
  });

  it('sums usage per step and in total', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b')]), fake.runner);
    const [a, b] = await Promise.all([fake.started('a'), fake.started('b')]);
    a.onUsage({ modelCalls: 1, promptTokens: 10, completionTokens: 2, costUsd: 0 });
    a.onUsage({ modelCalls: 1, promptTokens: 20, completionTokens: 3, costUsd: 0 });
    b.onUsage({ modelCalls: 1, promptTokens: 5, completionTokens: 1, costUsd: 0 });
    fake.complete('a');
    fake.complete('b');
    const outcome = await run.outcome;
    const completedA = run.events.find((e) => e.type === 'step_completed' && e.stepKey === 'a');
    expect(completedA).toMatchObject({ usage: { modelCalls: 2, promptTokens: 30, completionTokens: 5 } });
    expect(outcome.usage).toEqual({ modelCalls: 3, promptTokens: 35, completionTokens: 6, costUsd: 0 });
    expect(run.events.at(-1)).toMatchObject({ type: 'run_finished', usage: outcome.usage });
  });
});
