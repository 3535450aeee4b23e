// A top plan at `concurrency: 1` ran three steps of a used plan at once: each nested run had only its own
// `limits.concurrency` (4 when the used plan leaves it out), so `type: plan` steps multiplied the cap, and
// two plan steps side by side at concurrency 4 could run 16 model calls at once (found by a budget hunt).
import { expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { Goal } from '../../src/plan/schema.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import type { StepRunner } from '../../src/steps/step-context.ts';

const note = (key: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'reasoning', description: key, inputs: [], dependsOn }) as PlanStep;
const uses = (key: string, file: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'plan', uses: file, description: key, inputs: [], dependsOn }) as PlanStep;

/** A step runner that counts the steps running at once; each step takes a few turns of the event loop. */
function countingRunner(): { runStep: StepRunner; most: () => number; started: string[] } {
  let running = 0;
  let most = 0;
  const started: string[] = [];
  const runStep: StepRunner = async (ctx) => {
    started.push(`${ctx.within ? `${ctx.within}/` : ''}${ctx.step.key}`);
    most = Math.max(most, ++running);
    for (let turn = 0; turn < 3; turn += 1) await nextTurn();
    running -= 1;
    return ctx.step.key;
  };
  return { runStep, most: () => most, started };
}

it('holds the top plan’s concurrency across the steps of the plans it uses', async () => {
  // The used plan sets no concurrency (the default 4 applies to it alone) and has three independent steps.
  const inner: RunnablePlan = { name: 'inner', steps: [note('a'), note('b'), note('c'), note('d', ['a', 'b', 'c'])], limits: { concurrency: 4, timeout_minutes: 30 } };
  const outer: RunnablePlan = {
    name: 'outer',
    steps: [uses('u', 'inner.yml'), uses('v', 'inner.yml'), note('x')],
    limits: { concurrency: 1, timeout_minutes: 30 },
    subplans: new Map([['inner.yml', inner]]),
  };
  const runner = countingRunner();
  const outcome = await runPlan(outer, { runStep: runner.runStep, tools: new Map(), clock: new ManualClock(), cwd: '/repo', inputs: {}, listeners: [] });
  expect(outcome.status).toBe('succeeded');
  expect(runner.started).toHaveLength(9);
  expect(runner.most()).toBe(1);
});

it('lets the plans it uses run in parallel up to the top plan’s concurrency, and no further than their own', async () => {
  const inner: RunnablePlan = { name: 'inner', steps: [note('a'), note('b'), note('c'), note('d')], limits: { concurrency: 2, timeout_minutes: 30 } };
  const outer: RunnablePlan = {
    name: 'outer',
    steps: [uses('u', 'inner.yml'), uses('v', 'inner.yml')],
    limits: { concurrency: 3, timeout_minutes: 30 },
    subplans: new Map([['inner.yml', inner]]),
  };
  const runner = countingRunner();
  const outcome = await runPlan(outer, { runStep: runner.runStep, tools: new Map(), clock: new ManualClock(), cwd: '/repo', inputs: {}, listeners: [] });
  expect(outcome.status).toBe('succeeded');
  expect(runner.started).toHaveLength(8);
  expect(runner.most()).toBe(3);
});

it('checks a used plan’s goals in a slot of the top plan’s concurrency', async () => {
  const goals = [{ name: 'fine', type: 'judge', criteria: 'fine' }] as unknown as Goal[];
  const judgedPlan: RunnablePlan = { name: 'judged', steps: [note('a')], limits: { concurrency: 4, timeout_minutes: 30 }, source: { goals } } as unknown as RunnablePlan;
  const busyPlan: RunnablePlan = { name: 'busy', steps: [note('a'), note('b'), note('c'), note('d'), note('e'), note('f')], limits: { concurrency: 4, timeout_minutes: 30 } };
  const outer: RunnablePlan = {
    name: 'outer',
    steps: [uses('u', 'judged.yml'), uses('v', 'busy.yml')],
    limits: { concurrency: 2, timeout_minutes: 30 },
    subplans: new Map([['judged.yml', judgedPlan], ['busy.yml', busyPlan]]),
  };
  // u's one step ends first; its goal is judged (a model call) while v's steps fill both slots.
  let running = 0;
  let most = 0;
  const busy = async <T>(value: T, turns = 3): Promise<T> => {
    most = Math.max(most, ++running);
    for (let turn = 0; turn < turns; turn += 1) await nextTurn();
    running -= 1;
    return value;
  };
  let judged = 0;
  const outcome = await runPlan(outer, {
    runStep: (ctx) => busy(ctx.step.key, ctx.within === 'u' ? 1 : 6),
    tools: new Map(),
    clock: new ManualClock(),
    cwd: '/repo',
    inputs: {},
    listeners: [],
    checkGoals: (list) => busy(list.map((goal) => (judged++, { name: goal.name, severity: 'required' as const, outcome: 'met' as const, evidence: 'fine' }))),
  });
  expect(outcome.status).toBe('succeeded');
  expect(judged).toBe(1);
  expect(most).toBe(2);
});

it('gives a slot that comes free to a used plan’s run that waited for it, not back to the run that gave it', async () => {
  const each = { ...note('m'), forEach: { list: '${inputs.items}', as: 'item', onItemFailure: 'fail' } } as PlanStep;
  // Its own concurrency, above the top plan's (one it left out would be the top plan's 2).
  const busy: RunnablePlan = { name: 'busy', steps: [each], limits: { concurrency: 4, timeout_minutes: 30 }, source: { inputs: { items: {} }, limits: { concurrency: 4 } } } as unknown as RunnablePlan;
  const quick: RunnablePlan = { name: 'quick', steps: [note('q')], limits: { concurrency: 4, timeout_minutes: 30 } };
  const outer: RunnablePlan = {
    name: 'outer',
    steps: [{ ...uses('u', 'busy.yml'), with: { items: [1, 2, 3, 4, 5, 6, 7, 8] } } as PlanStep, uses('v', 'quick.yml')],
    limits: { concurrency: 2, timeout_minutes: 30 },
    subplans: new Map([['busy.yml', busy], ['quick.yml', quick]]),
  };
  const runner = countingRunner();
  const outcome = await runPlan(outer, { runStep: runner.runStep, tools: new Map(), clock: new ManualClock(), cwd: '/repo', inputs: {}, listeners: [] });
  expect(outcome.status).toBe('succeeded');
  expect(runner.most()).toBe(2);
  // u's items took both slots first; v's step waited, and of the two that come free as they end it takes one
  // (it started after all eight of u's items, the slots going back to u's run each time).
  expect(runner.started.slice(0, 4)).toEqual(['u/m[0]', 'u/m[1]', 'u/m[2]', 'v/q']);
});

it('tells only the run a free slot is for, not every run of the job, so many used plans cost time in proportion to their steps', async () => {
  // 48 used plans side by side in one used plan, sharing the top plan's 2 slots: each slot that came free woke all
  // 48 runs, and each waiting one worked out its next step's key again (its tool looked up) to find it was not its turn.
  const echo = { name: 'echo', description: 'echo', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => 1 };
  let lookups = 0;
  class CountingTools extends Map<string, typeof echo> {
    override get(name: string) {
      lookups += 1;
      return super.get(name);
    }
  }
  const call = { ...note('a'), type: 'tool_call', tool: 'echo', args: {} } as PlanStep;
  const leaf: RunnablePlan = { name: 'leaf', steps: [call], limits: { concurrency: 2, timeout_minutes: 30 } };
  const count = 48;
  const middle: RunnablePlan = {
    name: 'middle',
    steps: Array.from({ length: count }, (_, i) => uses(`m${i}`, 'leaf.yml')),
    limits: { concurrency: 64, timeout_minutes: 30 },
    subplans: new Map([['leaf.yml', leaf]]),
  };
  const outer: RunnablePlan = { name: 'outer', steps: [uses('u', 'middle.yml')], limits: { concurrency: 2, timeout_minutes: 30 }, subplans: new Map([['middle.yml', middle]]) };
  const runner = countingRunner();
  const outcome = await runPlan(outer, { runStep: runner.runStep, tools: new CountingTools([['echo', echo]]), clock: new ManualClock(), cwd: '/repo', inputs: {}, listeners: [] });
  expect(outcome.status).toBe('succeeded');
  expect(runner.started).toHaveLength(count);
  expect(runner.most()).toBe(2);
  // A few lookups a step (its key, its timeout), not one for each slot that came free while it waited (1,163 here).
  expect(lookups).toBeLessThanOrEqual(4 * count);
});
