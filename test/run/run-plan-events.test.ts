import { describe, expect, it, vi } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { FakeSteps, step } from './fake-steps.ts';
import { eventLog, planOf, startRun } from './run-fixture.ts';

describe('runPlan events', () => {
  it('emits the plan first, each change in order, and run_finished last', async () => {
    const fake = new FakeSteps();
    const run = startRun({ ...planOf([step('a'), step('b', ['a'])]), goal: 'g', file: 'plan.yml' }, fake.runner);
    await fake.started('a');
    run.clock.advance(250);
    fake.complete('a', 1);
    await fake.started('b');
    fake.complete('b', 2);
    await run.outcome;
    expect(eventLog(run.events)).toEqual([
      'plan_created',
      'step_started:a',
      'step_completed:a',
      'step_started:b',
      'step_completed:b',
      'run_finished',
    ]);
    expect(run.events[0]).toMatchObject({ type: 'plan_created', plan: { name: 'test plan', goal: 'g', file: 'plan.yml', revision: 1 } });
    expect(run.events[2]).toMatchObject({ result: 1, durationMs: 250, at: 250 });
    expect(run.events.at(-1)).toMatchObject({ status: 'succeeded', resultStepKey: 'b', durationMs: 250 });
  });

  it('keeps running when a listener throws, and reports the listener error', async () => {
    const fake = new FakeSteps();
    const onListenerError = vi.fn();
    const broken = (event: RunEvent): void => {
      throw new Error(`renderer broke on ${event.type}`);
    };
    const run = startRun(planOf([step('a')]), fake.runner, { listeners: [broken], onListenerError });
    await fake.started('a');
    fake.complete('a');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('succeeded');
    expect(run.events.map((e) => e.type)).toEqual(['plan_created', 'step_started', 'step_completed', 'run_finished']);
    expect(onListenerError).toHaveBeenCalledTimes(4);
    expect(onListenerError.mock.calls[0]?.[0]).toMatchObject({ message: 'renderer broke on plan_created' });
  });

  it('returns the same record a renderer folds from the events', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b', ['a']), step('x')]), fake.runner);
    await fake.started('a');
    fake.fail('a', new Error('nope'));
    await fake.started('x');
    fake.complete('x');
    const outcome = await run.outcome;
    const folded = run.events.reduce(applyEvent, newRunRecord());
    expect(folded).toEqual(outcome.record);
  });

  it('passes every listener the run\'s own record with each event, the event already folded in', async () => {
    const fake = new FakeSteps();
    const seen: { type: string; record: RunRecord | undefined; state: string | undefined }[] = [];
    const listener = (event: RunEvent, record?: RunRecord): void => {
      seen.push({ type: event.type, record, state: 'stepKey' in event && event.stepKey !== undefined ? record?.steps.get(event.stepKey)?.state : undefined });
    };
    const run = startRun(planOf([step('a')]), fake.runner, { listeners: [listener] });
    await fake.started('a');
    fake.complete('a', 7);
    const outcome = await run.outcome;
    expect(seen.map(({ type, state }) => [type, state])).toEqual([
      ['plan_created', undefined],
      ['step_started', 'in_progress'],
      ['step_completed', 'completed'],
      ['run_finished', undefined],
    ]);
    for (const { record } of seen) expect(record).toBe(outcome.record);
  });
});
