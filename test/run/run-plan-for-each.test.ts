import { NO_USAGE } from '../../src/core/usage.ts';
import { describe, expect, it } from 'vitest';
import type { ForEach } from '../../src/core/plan-step.ts';
import { StepError } from '../../src/core/step-error.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { eventLog, planOf, startRun } from './run-fixture.ts';

function forEach(list: string, extra: Partial<ForEach> = {}): { forEach: ForEach } {
  return { forEach: { list, as: 'item', onItemFailure: 'fail', ...extra } };
}

const listOf = (key: string) => `\${steps.${key}.result}`;

describe('for_each steps', () => {
  it('expands into one child per item, keyed by index, with the result in input order', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('review', ['list'], { title: 'Review packages', description: 'Review ${item.name}', ...forEach(listOf('list')) }), step('report', ['review'])]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const [first, , third] = await Promise.all([fake.started('review[0]'), fake.started('review[1]'), fake.started('review[2]')]);
    expect(first.step.title).toBe('Review packages');
    // The instruction stays as written: the item reaches a prompt as data, never as instruction text.
    expect(first.step.description).toBe('Review ${item.name}');
    expect(third.step.item).toEqual({ name: 'item', value: { name: 'c' }, index: 2 });
    // Finishing out of order still gives the list in input order.
    fake.complete('review[2]', 'C');
    fake.complete('review[0]', 'A');
    fake.complete('review[1]', 'B');
    const report = await fake.started('report');
    expect(report.results.get('review')).toEqual(['A', 'B', 'C']);
    fake.complete('report', 'done');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(eventLog(run.events)).toContain('step_expanded:review');
    expect(run.events.find((event) => event.type === 'step_expanded')).toMatchObject({ keys: ['review[0]', 'review[1]', 'review[2]'] });
    expect(outcome.record.steps.get('review')?.itemCounts).toEqual({ total: 3, running: 0, completed: 3, failed: 0, reused: 0, reusedUsage: NO_USAGE });
  });

  it('keys children by a key expression, and iterates a map as {key, value} entries', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'), { key: '${item.key}' }))]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', { web: 1, api: 2 });
    const web = await fake.started('each[web]');
    expect(web.step.item?.value).toEqual({ key: 'web', value: 1 });
    fake.complete('each[web]', 'w');
    fake.complete('each[api]', 'a');
    expect((await run.outcome).finalResult).toEqual(['w', 'a']);
  });

  it('refuses duplicate keys before any child runs', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'), { key: '${item.team}' }))]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [{ team: 'x' }, { team: 'y' }, { team: 'x' }]);
    const outcome = await run.outcome;
    expect(outcome.reason).toBe('step each failed: step each: items 0 and 2 have the same key "x"; make key: unique per item; no item was run');
    expect(fake.startOrder).toEqual(['list']);
  });

  it('holds the concurrency cap across the children of several for_each steps and plain steps', async () => {
    const fake = new FakeSteps();
    const plan = planOf(
      [step('list'), step('a', ['list'], forEach(listOf('list'))), step('b', ['list'], forEach(listOf('list'))), step('plain', ['list'])],
      { concurrency: 3 },
    );
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [1, 2, 3, 4, 5]);
    await flushMicrotasks();
    expect(fake.running.size).toBe(3);
    // Finish whatever runs, one at a time, until nothing is left.
    while (fake.running.size > 0) {
      const [key] = fake.running.keys();
      fake.complete(key!, key);
      await flushMicrotasks();
      expect(fake.running.size).toBeLessThanOrEqual(3);
    }
    const outcome = await run.outcome;
    expect(fake.maxRunning).toBe(3);
    expect(fake.startOrder.filter((key) => key.startsWith('a['))).toHaveLength(5);
    expect(fake.startOrder.filter((key) => key.startsWith('b['))).toHaveLength(5);
    expect(outcome.results.get('b')).toEqual(['b[0]', 'b[1]', 'b[2]', 'b[3]', 'b[4]']);
    expect(outcome.status).toBe('succeeded');
  });

  it('with on_item_failure: continue, keeps the other results, null for the failed item, and records which failed and why', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'), { onItemFailure: 'continue' })), step('report', ['each'])]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', ['x', 'y', 'z']);
    await Promise.all([fake.started('each[0]'), fake.started('each[1]'), fake.started('each[2]')]);
    fake.complete('each[0]', 'X');
    fake.fail('each[1]', new Error('y is broken'));
    fake.complete('each[2]', 'Z');
    const report = await fake.started('report');
    expect(report.results.get('each')).toEqual(['X', null, 'Z']);
    expect(report.incomplete?.get('each')).toBe('1 of 3 items failed and are null in the list (each[1]: y is broken)');
    fake.complete('report', 'ok');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.record.steps.get('each')).toMatchObject({ state: 'completed', failedItems: [{ index: 1, key: 'each[1]', error: 'y is broken' }] });
  });

  // Found by a review: a step whose every item failed under continue showed ✅ with "0/3 done, 3 failed" and the
  // run succeeded, though the step kept no result at all.
  it('with on_item_failure: continue, fails the step when every item failed, and skips its dependents', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'), { onItemFailure: 'continue' })), step('report', ['each'])]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', ['x', 'y']);
    await Promise.all([fake.started('each[0]'), fake.started('each[1]')]);
    fake.fail('each[1]', new Error('y is broken'));
    fake.fail('each[0]', new Error('x is broken'));
    const outcome = await run.outcome;
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toBe(
      'step each failed: every item failed (2 of 2): each[0]: x is broken; each[1]: y is broken (on_item_failure: continue keeps the results of the items that succeed, and none did)',
    );
    expect(outcome.record.steps.get('each')?.state).toBe('failed');
    expect(outcome.record.steps.get('each')?.itemCounts).toMatchObject({ total: 2, completed: 0, failed: 2 });
    expect(outcome.record.steps.get('report')?.state).toBe('skipped');
  });

  it('with on_item_failure: fail, starts no more items and fails the step naming the item', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'))), step('report', ['each'])], { concurrency: 2 });
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [1, 2, 3, 4]);
    await Promise.all([fake.started('each[0]'), fake.started('each[1]')]);
    fake.fail('each[0]', new Error('bad item'));
    await flushMicrotasks();
    // The running sibling finishes; nothing new starts.
    expect(fake.startOrder).toEqual(['list', 'each[0]', 'each[1]']);
    fake.complete('each[1]', 'ok');
    const outcome = await run.outcome;
    expect(outcome.reason).toBe(
      'step each failed: item each[0] failed: bad item; 2 items were not run (on_item_failure: fail; write on_item_failure: continue to keep the other results)',
    );
    expect(outcome.record.steps.get('report')?.state).toBe('skipped');
  });

  it('completes with [] for an empty list, and its dependents run', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'))), step('report', ['each'])]);
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', []);
    const report = await fake.started('report');
    expect(report.results.get('each')).toEqual([]);
    fake.complete('report', 'nothing to review');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(outcome.record.steps.get('each')).toMatchObject({ state: 'completed', result: [], itemCounts: { total: 0 } });
  });

  it('refuses a list longer than max_items before any child runs, naming the step and the count', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list')))], { max_items: 3 });
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [1, 2, 3, 4, 5]);
    const outcome = await run.outcome;
    expect(outcome.reason).toBe(
      'step each failed: step each: for_each gave 5 items, more than max_items 3; no item was run. Raise max_items on the step or in limits, or filter the list first',
    );
    expect(fake.startOrder).toEqual(['list']);
    expect(run.events.some((event) => event.type === 'item_started')).toBe(false);
  });

  it('lets the step’s own max_items override the plan’s limit', async () => {
    const fake = new FakeSteps();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list'), { maxItems: 10 }))], { max_items: 1 });
    const run = startRun(plan, fake.runner);
    await fake.started('list');
    fake.complete('list', [1, 2]);
    fake.complete('each[0]');
    fake.complete('each[1]');
    expect((await run.outcome).status).toBe('succeeded');
  });

  it('fails the step clearly when its list is not a list', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('list'), step('each', ['list'], forEach(listOf('list')))]), fake.runner);
    await fake.started('list');
    fake.complete('list', 'just text');
    expect((await run.outcome).reason).toBe('step each failed: step each: for_each ${steps.list.result} is text ("just text"), not a list or a map: text is never split into items; have step list return a JSON list (a command tool prints one on stdout, such as ["a.ts","b.ts"]); no item was run');
  });

  it('retries a child’s transient failure in place and traces it as an item event', async () => {
    const fake = new FakeSteps();
    let calls = 0;
    const runner: typeof fake.runner = (ctx) => {
      if (ctx.step.key === 'each[0]' && calls++ === 0) return Promise.reject(new StepError('flaky', { transient: true }));
      return fake.runner(ctx);
    };
    const plan = planOf([step('list'), step('each', ['list'], { ...forEach(listOf('list')), retry: { max_attempts: 2, initial_interval: '1ms' } })]);
    const run = startRun(plan, runner, { random: () => 0 });
    await fake.started('list');
    fake.complete('list', ['only']);
    await flushMicrotasks();
    run.clock.advance(10);
    await fake.started('each[0]');
    fake.complete('each[0]', 'ok');
    const outcome = await run.outcome;
    expect(outcome.finalResult).toEqual(['ok']);
    expect(run.events.find((event) => event.type === 'item_retrying')).toMatchObject({ stepKey: 'each', index: 0, attempt: 1, error: 'flaky' });
    expect(run.events.find((event) => event.type === 'item_completed')).toMatchObject({ attempts: 2 });
  });

  it('counts its children’s model use as the step’s usage', async () => {
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list')))]);
    const runner: typeof FakeSteps.prototype.runner = (ctx) => {
      if (ctx.step.key === 'list') return Promise.resolve([1, 2]);
      ctx.onUsage({ modelCalls: 1, promptTokens: 10, completionTokens: 5, costUsd: 0 });
      return Promise.resolve('done');
    };
    const run = startRun(plan, runner);
    const outcome = await run.outcome;
    expect(outcome.record.steps.get('each')?.usage).toMatchObject({ modelCalls: 2, promptTokens: 20 });
    expect(outcome.usage.modelCalls).toBe(2);
  });

  it('ends a for_each step when the run is cancelled, with no child left running or waiting', async () => {
    const fake = new FakeSteps();
    const cancel = new AbortController();
    const plan = planOf([step('list'), step('each', ['list'], forEach(listOf('list')))], { concurrency: 1 });
    const run = startRun(plan, fake.runner, { signal: cancel.signal });
    await fake.started('list');
    fake.complete('list', [1, 2, 3]);
    await fake.started('each[0]');
    cancel.abort();
    const outcome = await run.outcome;
    expect(outcome.status).toBe('cancelled');
    expect(outcome.record.steps.get('each')?.state).toBe('failed');
    expect(fake.startOrder).toEqual(['list', 'each[0]']);
  });
});
