import { describe, expect, it } from 'vitest';
import { StepTimeoutError } from '../../src/run/step-timeout-error.ts';
import { StepError } from '../../src/core/step-error.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { planOf, recordingTool, slowTool, startRun } from './run-fixture.ts';
import type { StepRunner } from '../../src/steps/step-context.ts';

describe('runPlan cancellation', () => {
  it('aborts running steps, skips pending ones and still finishes the record', async () => {
    const fake = new FakeSteps();
    const controller = new AbortController();
    const steps = [step('a'), step('b', ['a']), step('c')];
    const run = startRun(planOf(steps, { concurrency: 1 }), fake.runner, { signal: controller.signal });
    const a = await fake.started('a');
    controller.abort('SIGTERM');
    expect(a.signal.aborted).toBe(true);
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'cancelled', reason: 'cancelled (SIGTERM)' });
    expect(outcome.record.status).toBe('cancelled');
    expect(outcome.record.steps.get('a')).toMatchObject({ state: 'failed', error: 'cancelled (SIGTERM)' });
    expect(outcome.record.steps.get('b')).toMatchObject({ state: 'skipped', skipReason: 'cancelled (SIGTERM)' });
    expect(outcome.record.steps.get('c')?.state).toBe('skipped');
    expect(fake.startOrder).toEqual(['a']);
    expect(run.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'cancelled' });
  });

  // Found by an adversarial pass: each step not run kept the whole stop reason (an escalation lists every failure
  // it tried), so a long reason was written once per step into the trace: a 251 KB reason, 40 steps, a 10 MB trace.
  it('gives each step it skips the stop reason cut to 1,000 characters; the run keeps it whole', async () => {
    const fake = new FakeSteps();
    const controller = new AbortController();
    const steps = [step('a'), ...Array.from({ length: 20 }, (_, i) => step(`s${i}`, ['a']))];
    const run = startRun(planOf(steps, { concurrency: 1 }), fake.runner, { signal: controller.signal });
    await fake.started('a');
    const why = `SIGTERM ${'x'.repeat(50_000)}`;
    controller.abort(why);
    const outcome = await run.outcome;
    expect(outcome.reason).toContain(why);
    const skipped = run.events.filter((event) => event.type === 'step_skipped');
    expect(skipped).toHaveLength(20);
    for (const event of skipped) {
      expect(event.reason.length).toBeLessThanOrEqual(1_000);
      expect(event.reason.startsWith('cancelled (SIGTERM xxx')).toBe(true);
    }
  });

  it('does not wait for a runner that ignores its signal', async () => {
    const controller = new AbortController();
    let called = false;
    const run = startRun(planOf([step('stubborn')]), () => {
      called = true;
      return new Promise(() => {});
    }, { signal: controller.signal });
    await flushMicrotasks();
    expect(called).toBe(true);
    controller.abort();
    const outcome = await run.outcome;
    expect(outcome.status).toBe('cancelled');
    expect(outcome.record.steps.get('stubborn')?.state).toBe('failed');
  });

  it('starts nothing when the signal is already aborted', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a')]), fake.runner, { signal: AbortSignal.abort() });
    const outcome = await run.outcome;
    expect(fake.startOrder).toEqual([]);
    expect(outcome.status).toBe('cancelled');
    expect(run.events.map((e) => e.type)).toEqual(['plan_created', 'step_skipped', 'run_finished']);
  });
});

describe('runPlan on a long chain of instant steps', () => {
  // Steps that settle at once (math) run through promise jobs alone; before the scheduler yielded,
  // all 3,000 ran before a signal or timer could fire, and a cancelled run ended `succeeded`.
  const chain = Array.from({ length: 3000 }, (_, index) => step(`s${index}`, index === 0 ? [] : [`s${index - 1}`]));
  const instant = (started: string[]) => async (ctx: { step: { key: string } }) => {
    started.push(ctx.step.key);
    return 1;
  };

  it('hears a cancel that arrives after the run started', async () => {
    const controller = new AbortController();
    const started: string[] = [];
    setImmediate(() => controller.abort('SIGTERM'));
    const run = startRun(planOf(chain), instant(started), { signal: controller.signal });
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'cancelled', reason: 'cancelled (SIGTERM)' });
    expect(started.length).toBeGreaterThan(0);
    expect(started.length).toBeLessThan(chain.length);
    expect(outcome.record.steps.get('s2999')?.state).toBe('skipped');
  });

  it('stops at limits.timeout_minutes', async () => {
    const started: string[] = [];
    const run = startRun(planOf(chain, { timeout_minutes: 1 }), instant(started));
    setImmediate(() => run.clock.advance(60_000));
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'run timed out after 1 min' });
    expect(started.length).toBeLessThan(chain.length);
  });
});

describe('runPlan timeouts', () => {
  it('fails a step that runs past its timeout_seconds with a transient StepTimeoutError', async () => {
    const fake = new FakeSteps();
    // One attempt only: retrying a timed-out step is tested in test/recovery.
    const run = startRun(planOf([step('3', [], { timeoutSeconds: 60, retry: { max_attempts: 1 } }), step('4', ['3'])]), fake.runner);
    const ctx = await fake.started('3');
    run.clock.advance(59_999);
    await flushMicrotasks();
    expect(ctx.signal.aborted).toBe(false);
    run.clock.advance(1);
    const outcome = await run.outcome;
    expect(ctx.signal.reason).toBeInstanceOf(StepTimeoutError);
    expect(ctx.signal.reason).toBeInstanceOf(StepError);
    const failed = run.events.find((e) => e.type === 'step_failed');
    expect(failed).toMatchObject({ stepKey: '3', error: 'step 3 timed out after 60 s; raise its timeout_seconds if it needs longer', transient: true, durationMs: 60_000 });
    expect(outcome.record.steps.get('4')?.state).toBe('skipped');
    expect(outcome.reason).toBe('step 3 failed: step 3 timed out after 60 s; raise its timeout_seconds if it needs longer');
  });

  it("uses the tool's timeout for a tool_call step without its own, and the step's when set", async () => {
    const fake = new FakeSteps();
    // An http tool's limit, set under http: in the plan, not under tools:.
    const tools = new Map([['slow', { ...slowTool('slow', 5), timeoutSetting: 'http.timeout_seconds' }]]);
    const steps = [
      step('t', [], { type: 'tool_call', tool: 'slow', retry: { max_attempts: 1 } }),
      step('own', [], { type: 'tool_call', tool: 'slow', timeoutSeconds: 10, retry: { max_attempts: 1 } }),
    ];
    const run = startRun(planOf(steps), fake.runner, { tools });
    await Promise.all([fake.started('t'), fake.started('own')]);
    run.clock.advance(5_000);
    // A stopped step ends a turn after its signal: an answer already on its way in that turn is kept.
    await flushMicrotasks();
    await flushMicrotasks();
    expect(run.events.filter((e) => e.type === 'step_failed').map((e) => e.stepKey)).toEqual(['t']);
    run.clock.advance(5_000);
    await run.outcome;
    const errors = run.events.flatMap((e) => (e.type === 'step_failed' ? [e.error] : []));
    // Each names the setting to raise: the tool's where the step sets none (where the plan sets it), else the step's own.
    expect(errors).toEqual(["step t timed out after 5 s, the limit of its tool 'slow'; raise http.timeout_seconds, or give the step its own timeout_seconds if it needs longer", 'step own timed out after 10 s; raise its timeout_seconds if it needs longer']);
  });

  // Found by an adversarial pass: nothing gave the call the step's own limit, so a step that asked 10 s of a tool limited
  // to 1 s (or a command tool's default 300 s) was stopped at the tool's limit.
  it("gives a tool_call step's call, each item's too, the step's own timeout in place of its tool's; an agent's calls keep their tool's", async () => {
    const { tool, calls } = recordingTool('nap', () => 'done');
    const tools = new Map([['nap', { ...tool, timeoutSeconds: 1 }]]);
    const steps = [
      step('own', [], { type: 'tool_call', tool: 'nap', args: {}, timeoutSeconds: 10 }),
      step('list', []),
      step('each', ['list'], { type: 'tool_call', tool: 'nap', args: {}, timeoutSeconds: 20, forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' } }),
      step('tools', [], { type: 'tool_call', tool: 'nap', args: {} }),
      step('agent', [], { type: 'agent', task: 'nap', timeoutSeconds: 30 }),
    ];
    const runner: StepRunner = async (ctx) => (ctx.step.key === 'list' ? ['a', 'b'] : ctx.callTool(tools.get('nap')!, { step: ctx.step.key }));
    const outcome = await startRun(planOf(steps), runner, { tools }).outcome;
    expect(outcome.status).toBe('succeeded');
    const limits = Object.fromEntries(calls.map(({ args, ctx }) => [args.step, ctx.timeoutMs]));
    expect(limits).toEqual({ own: 10_000, 'each[0]': 20_000, 'each[1]': 20_000, tools: undefined, agent: undefined });
  });

  it('stops the whole run at limits.timeout_minutes', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a'), step('b', ['a'])], { timeout_minutes: 30 }), fake.runner);
    await fake.started('a');
    run.clock.advance(30 * 60_000);
    const outcome = await run.outcome;
    expect(outcome).toMatchObject({ status: 'failed', reason: 'run timed out after 30 min' });
    expect(outcome.record.steps.get('a')).toMatchObject({ state: 'failed', error: 'run timed out after 30 min' });
    expect(outcome.record.steps.get('b')).toMatchObject({ state: 'skipped', skipReason: 'run timed out after 30 min' });
    expect(run.events.at(-1)).toMatchObject({ type: 'run_finished', status: 'failed', durationMs: 30 * 60_000 });
  });

  it('disarms the timers once the run is over', async () => {
    const fake = new FakeSteps();
    const run = startRun(planOf([step('a', [], { timeoutSeconds: 60 })]), fake.runner);
    await fake.started('a');
    fake.complete('a');
    await run.outcome;
    expect(run.clock.pendingTimers).toBe(0);
  });
});
