import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/llm/model-call-error.ts';
import { StepError } from '../../src/core/step-error.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { step, flushMicrotasks } from '../run/fake-steps.ts';
import { planOf, startRun } from '../run/run-fixture.ts';
import { scriptedSteps } from './scripted-steps.ts';

const flaky = (message = 'timed out') => new StepError(message, { transient: true });
const tool = (name: string, sideEffects = false) => ({ name, description: name, inputSchema: { type: 'object' }, sideEffects, execute: async () => null });

describe('retrying transient failures', () => {
  it('retries on the run clock after the backoff, showing each wait in the checklist', async () => {
    const runner = scriptedSteps({ a: [{ fail: flaky() }, { fail: flaky() }, { ok: 'third time' }] });
    const run = startRun(planOf([step('a')]), runner, { random: () => 0.999 });
    const lines: string[] = [];
    for (let retry = 1; retry <= 2; retry += 1) {
      await flushMicrotasks();
      const event = run.events.at(-1);
      if (event?.type !== 'step_retrying') throw new Error(`expected a retry, got ${event?.type}`);
      expect(event).toMatchObject({ attempt: retry, maxAttempts: 3 });
      lines.push(checklistLines(run.events.reduce(applyEvent, newRunRecord()))[0]!);
      run.clock.advance(event.waitMs);
    }
    const outcome = await run.outcome;
    // The attempt that failed, of how many (found by an adversarial pass: `retry 2/3` read as a count of retries).
    expect(lines).toEqual(['⏳ a. step a — attempt 1/3 failed, retrying in 1 s: timed out', '⏳ a. step a — attempt 2/3 failed, retrying in 2 s: timed out']);
    expect(outcome.status).toBe('succeeded');
    expect(outcome.record.steps.get('a')).toMatchObject({ state: 'completed', result: 'third time', attempts: 3, durationMs: 2_997 });
    expect(runner.calls).toEqual(['a', 'a', 'a']);
  });

  // A jittered wait under a twentieth of a second (full jitter draws from 0) read `retrying in 0 s` (found by a cost hunt).
  it('shows a wait of a few milliseconds in milliseconds, not as 0 s', async () => {
    const runner = scriptedSteps({ a: [{ fail: flaky() }, { ok: 'again' }] });
    const run = startRun(planOf([step('a')]), runner, { random: () => 0.03 });
    await flushMicrotasks();
    const event = run.events.at(-1);
    if (event?.type !== 'step_retrying') throw new Error(`expected a retry, got ${event?.type}`);
    expect(checklistLines(run.events.reduce(applyEvent, newRunRecord()))[0]).toBe('⏳ a. step a — attempt 1/3 failed, retrying in 30 ms: timed out');
    run.clock.advance(event.waitMs);
    expect((await run.outcome).status).toBe('succeeded');
  });

  it('fails the step after max_attempts, saying how many attempts were made', async () => {
    const runner = scriptedSteps({ a: [{ fail: flaky() }, { fail: flaky('still timed out') }] });
    const run = startRun(planOf([step('a', [], { retry: { max_attempts: 2 } })]), runner);
    await flushMicrotasks();
    const retry = run.events.at(-1);
    run.clock.advance(retry?.type === 'step_retrying' ? retry.waitMs : 0);
    const outcome = await run.outcome;
    expect(outcome.reason).toBe('step a failed: still timed out (after 2 attempts)');
    expect(outcome.record.steps.get('a')).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('never retries a permanent error, a model call the SDK already retried, or a side-effect tool', async () => {
    const modelError = new ModelCallError({ purpose: 'step:m', model: 'x', failure: 'http', status: 503, transient: true, attempts: 3, detail: 'overloaded' });
    const runner = scriptedSteps({
      permanent: [{ fail: new StepError('404', { transient: false }) }],
      m: [{ fail: modelError }],
      post: [{ fail: flaky('503') }],
    });
    const steps = [step('permanent'), step('m', []), step('post', [], { type: 'tool_call', tool: 'post_comment', args: {} })];
    const run = startRun(planOf(steps), runner, { tools: new Map([['post_comment', tool('post_comment', true)]]) });
    const outcome = await run.outcome;
    expect(runner.calls.sort()).toEqual(['m', 'permanent', 'post']);
    expect(run.events.some((event) => event.type === 'step_retrying')).toBe(false);
    expect(outcome.record.steps.get('post')).toMatchObject({ state: 'failed', error: '503' });
  });

  it("honours the error's retry-after, capped by max_interval", async () => {
    const runner = scriptedSteps({ a: [{ fail: new StepError('429', { transient: true, retryAfterMs: 45_000 }) }] });
    const run = startRun(planOf([step('a', [], { retry: { max_interval: '10s' } })]), runner, { random: () => 0 });
    await flushMicrotasks();
    expect(run.events.at(-1)).toMatchObject({ type: 'step_retrying', waitMs: 10_000 });
    run.clock.advance(10_000);
    expect((await run.outcome).status).toBe('succeeded');
  });

  it('stops waiting when the run is cancelled during a retry wait', async () => {
    const controller = new AbortController();
    const runner = scriptedSteps({ a: [{ fail: flaky() }] });
    const run = startRun(planOf([step('a'), step('b', ['a'])]), runner, { signal: controller.signal });
    await flushMicrotasks();
    expect(run.events.at(-1)?.type).toBe('step_retrying');
    controller.abort('SIGTERM');
    const outcome = await run.outcome;
    expect(outcome.status).toBe('cancelled');
    expect(runner.calls).toEqual(['a']);
    expect(outcome.record.steps.get('b')?.state).toBe('skipped');
    expect(run.clock.pendingTimers).toBe(0);
  });
});
