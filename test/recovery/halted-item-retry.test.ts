import { describe, expect, it } from 'vitest';
import { StepError } from '../../src/core/step-error.ts';
import { flushMicrotasks, step } from '../run/fake-steps.ts';
import { planOf, startRun } from '../run/run-fixture.ts';
import { scriptedSteps } from './scripted-steps.ts';

// Found by an adversarial pass: under on_item_failure: fail, an item waiting out its backoff when another item failed
// for good slept on (up to max_interval) and then tried again, though the step had failed: more calls, and the
// step's ❌ held back by each of its retries.
describe('an item waiting to retry when its for_each step halts', () => {
  it('is not tried again, and the step fails without waiting', async () => {
    const runner = scriptedSteps({
      list: [{ ok: ['a', 'b'] }],
      'each[0]': [{ fail: new StepError('not found', { transient: false }) }],
      'each[1]': [{ fail: new StepError('timed out', { transient: true }) }, { ok: 'late' }],
    });
    const each = step('each', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' }, retry: { max_attempts: 3, initial_interval: '10m', max_interval: '10m' } });
    const run = startRun(planOf([step('list'), each]), runner, { random: () => 0.5 });
    for (let turn = 0; turn < 5; turn += 1) await flushMicrotasks();
    // No wait: the step has failed before any time passes.
    expect(run.events.some((event) => event.type === 'step_failed' && event.stepKey === 'each')).toBe(true);
    run.clock.advance(10 * 60_000);
    const outcome = await run.outcome;
    expect(outcome.record.steps.get('each')?.state).toBe('failed');
    expect(runner.calls.filter((key) => key === 'each[1]')).toHaveLength(1);
  });
});
