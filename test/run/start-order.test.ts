import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { remainingPaths, startOrder, type StepWeights } from '../../src/run/start-order.ts';
import { stepWeightsFromTrace, TraceWeightsError } from '../../src/run/trace-step-weights.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { FakeSteps, flushMicrotasks, step } from './fake-steps.ts';
import { planOf, startRun } from './run-fixture.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-order-'));

describe('the order ready steps start in', () => {
  it('starts the step with the longest chain after it first, not the one declared first', async () => {
    const fake = new FakeSteps();
    // `quick` is declared first but ends the plan; `head` has three steps waiting on it.
    const steps = [step('quick'), step('other'), step('head'), step('mid', ['head']), step('tail', ['mid'])];
    const run = startRun(planOf(steps, { concurrency: 2 }), fake.runner);
    await Promise.all([fake.started('head'), fake.started('quick')]);
    expect(fake.startOrder).toEqual(['head', 'quick']);
    for (const key of ['head', 'quick', 'mid', 'other', 'tail']) {
      await fake.started(key);
      fake.complete(key);
      await flushMicrotasks();
    }
    expect((await run.outcome).status).toBe('succeeded');
  });

  it('gives the order the comparison by key gave, for any plan and weights', () => {
    /** startOrder as it was first written: every comparison read both keys' paths and positions from maps. */
    const firstStartOrder = (steps: readonly PlanStep[], weights: StepWeights | undefined): string[] => {
      const known = weights ? steps.map((s) => weights.get(s.key)).filter((w): w is number => w !== undefined && Number.isFinite(w) && w >= 0) : [];
      const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
      const weightOf = (key: string): number => {
        const weight = weights?.get(key);
        return weights && weight !== undefined && Number.isFinite(weight) && weight >= 0 ? weight : weights ? fallback : 1;
      };
      const remaining = remainingPaths(steps, weightOf);
      const index = new Map(steps.map((s, i) => [s.key, i]));
      return steps.map((s) => s.key).sort((a, b) => remaining.get(b)! - remaining.get(a)! || index.get(a)! - index.get(b)!);
    };
    // Each step may depend on any earlier one (a DAG); weights whole, fractional, missing or unusable; keys may repeat.
    const plan = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), fc.array(fc.nat(), { maxLength: 3 })), { minLength: 1, maxLength: 30 }).chain((drawn) =>
      fc.tuple(
        fc.constant(drawn.map(([name, deps], i) => step(`${name}${i % 3 === 0 ? '' : i}`, i === 0 ? [] : [...new Set(deps.map((d) => `${drawn[d % i]![0]}${d % i % 3 === 0 ? '' : d % i}`))]))),
        fc.option(fc.dictionary(fc.constantFrom('a', 'b1', 'c2', 'd', 'e4', 'f5'), fc.oneof(fc.nat(5), fc.double({ min: 0, max: 9 }), fc.constant(Number.NaN), fc.constant(-1)))),
      ),
    );
    fc.assert(
      fc.property(plan, ([steps, drawnWeights]) => {
        const weights = drawnWeights ? new Map(Object.entries(drawnWeights)) : undefined;
        expect(startOrder(steps, 4, weights)).toEqual(firstStartOrder(steps, weights));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps declaration order among steps with equally long paths, and with one slot', () => {
    const steps = [step('c'), step('a'), step('b', ['a']), step('d', ['c'])];
    expect(startOrder(steps, 4)).toEqual(['c', 'a', 'b', 'd']);
    const uneven = [step('x'), step('y'), step('z', ['y'])];
    expect(startOrder(uneven, 4)).toEqual(['y', 'x', 'z']);
    // One at a time, the order cannot shorten the run: the plan's own order is kept.
    expect(startOrder(uneven, 1)).toEqual(['x', 'y', 'z']);
  });

  it('weighs steps by their durations when given, the mean for a step it does not know', () => {
    const steps = [step('short'), step('long'), step('after-short', ['short']), step('new')];
    // Path lengths: short → after-short = 10 + 10; long = 100; new (unknown) = the mean, 40.
    const weights = new Map([['short', 10], ['long', 100], ['after-short', 10]]);
    expect(startOrder(steps, 2, weights)).toEqual(['long', 'new', 'short', 'after-short']);
    expect(startOrder(steps, 2)).toEqual(['short', 'long', 'after-short', 'new']);
  });

  it('still orders a plan whose dependencies are declared after their dependents', () => {
    const steps = [step('last', ['first']), step('lone'), step('first')];
    expect(startOrder(steps, 2)).toEqual(['first', 'last', 'lone']);
  });
});

describe('stepWeightsFromTrace', () => {
  it('reads each step\'s duration from a trace the trace writer wrote', async () => {
    const file = path.join(tmp, 'previous.jsonl');
    const trace = traceWriter(file, { redact: createRedactor([]) });
    const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    trace.listener({ type: 'step_started', at: 0, stepKey: 'a' });
    trace.listener({ type: 'step_completed', at: 5, stepKey: 'a', result: 1, durationMs: 1200, usage });
    trace.listener({ type: 'step_failed', at: 6, stepKey: 'b', error: 'x', transient: false, durationMs: 30, usage });
    await trace.close();
    expect(await stepWeightsFromTrace(file)).toEqual(new Map([['a', 1200], ['b', 30]]));
  });

  it('names the file and line of a line that is not JSON, and says what to give instead', async () => {
    const file = path.join(tmp, 'broken.jsonl');
    writeFileSync(file, '{"type":"step_started","stepKey":"a"}\nnot json\n{"type":"step_completed","stepKey":"a","durationMs":5}\n');
    const error = await stepWeightsFromTrace(file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TraceWeightsError);
    expect((error as Error).message).toBe(`${file}:2: not a JSON line; give --weights-from the trace file a previous run wrote (--trace)`);
  });

  // Found by an adversarial pass: the trace of a run killed mid-write, whose last line is cut, was refused with
  // "give the trace file a previous run wrote", which it is; --resume reads the same trace, leaving that line out.
  it('leaves out a last line cut by a kill, as a resume does', async () => {
    const file = path.join(tmp, 'killed.jsonl');
    writeFileSync(file, '{"type":"step_completed","stepKey":"a","durationMs":1200}\n{"type":"step_completed","stepKey":"b","dur');
    expect(await stepWeightsFromTrace(file)).toEqual(new Map([['a', 1200]]));
  });

  it('refuses a missing file and a trace with no finished step', async () => {
    await expect(stepWeightsFromTrace(path.join(tmp, 'none.jsonl'))).rejects.toThrow(/none\.jsonl: no such file; give --weights-from the trace file a previous run wrote \(--trace\)$/);
    const empty = path.join(tmp, 'empty.jsonl');
    writeFileSync(empty, '{"type":"step_started","stepKey":"a"}\n');
    await expect(stepWeightsFromTrace(empty)).rejects.toThrow('records no finished step');
    // Found by an adversarial pass: a resumed run's trace, every step reused, was "no finished step".
    const reused = path.join(tmp, 'reused.jsonl');
    writeFileSync(reused, '{"type":"step_completed","stepKey":"a","durationMs":0,"reused":{"from":"run 1"}}\n');
    await expect(stepWeightsFromTrace(reused)).rejects.toThrow(`${reused}: every step it records was reused from an earlier run, which says nothing of how long they take (the trace of the run that ran them does); give --weights-from the trace file a previous run wrote (--trace)`);
  });
});

// A used plan's step `x` took the weight of the outer plan's step `x`, and none from the trace, which holds the
// used plan's steps only inside `nested_event`s (found by a review).
describe('the steps of a used plan', () => {
  it('are weighed by their own durations, read from the trace by their names in the job', async () => {
    const file = path.join(tmp, 'nested.jsonl');
    const trace = traceWriter(file, { redact: createRedactor([]) });
    const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
    trace.listener({ type: 'step_completed', at: 1, stepKey: 'x', result: 1, durationMs: 500, usage });
    for (const [key, durationMs] of [['x', 1], ['y', 50], ['z', 100]] as const) {
      trace.listener({ type: 'nested_event', at: 2, stepKey: 'web', event: { type: 'step_completed', at: 2, stepKey: key, result: 1, durationMs, usage } });
    }
    trace.listener({ type: 'step_completed', at: 3, stepKey: 'web', result: 1, durationMs: 151, usage });
    await trace.close();
    const weights = await stepWeightsFromTrace(file);
    expect(weights).toEqual(new Map([['x', 500], ['web/x', 1], ['web/y', 50], ['web/z', 100], ['web', 151]]));

    // A line nested thousands of levels is read without a call a level.
    const deep = path.join(tmp, 'deep.jsonl');
    writeFileSync(deep, `${'{"type":"nested_event","stepKey":"n","event":'.repeat(20_000)}{"type":"step_completed","stepKey":"s","durationMs":7}${'}'.repeat(20_000)}\n`);
    expect([...(await stepWeightsFromTrace(deep)).values()]).toEqual([7]);

    const started: string[] = [];
    const record: Tool = { name: 'record', description: 'record', inputSchema: { type: 'object' }, sideEffects: false, execute: async (args) => (started.push(String(args['name'])), 'ok') };
    const call = (key: string): PlanStep => ({ key, id: key, type: 'tool_call', description: key, tool: 'record', args: { name: key }, inputs: [], dependsOn: [] }) as PlanStep;
    const sub: RunnablePlan = { name: 'web', steps: ['x', 'y', 'z'].map(call), limits: { concurrency: 2, timeout_minutes: 5 } };
    const outer: RunnablePlan = {
      name: 'outer',
      steps: [{ key: 'web', id: 'web', type: 'plan', uses: 'web.yml', description: 'web', inputs: [], dependsOn: [] } as PlanStep],
      limits: { concurrency: 2, timeout_minutes: 5 },
      subplans: new Map([['web.yml', sub]]),
    };
    const outcome = await runPlan(outer, { runStep, tools: new Map([[record.name, record]]), clock: systemClock, cwd: '/repo', inputs: {}, listeners: [], stepWeights: weights });
    expect(outcome.status).toBe('succeeded');
    // The longest first: z and y take the two slots, x the first to come free.
    expect(started).toEqual(['z', 'y', 'x']);
  });
});
