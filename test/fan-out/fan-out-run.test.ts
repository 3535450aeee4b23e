import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import type { FanOutPart } from '../../src/run/fan-out-part.ts';
import { mergeResumeStates, resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { checklistItems } from '../../src/report/checklist.ts';
import { planOf } from '../run/run-fixture.ts';

const ITEMS = 10;

function plan(onItemFailure: 'fail' | 'continue' = 'fail'): PlanStep[] {
  return [
    { key: 'list', id: 'list', type: 'tool_call', description: 'list', tool: 'list', args: {}, inputs: [], dependsOn: [] },
    {
      key: 'check',
      id: 'check',
      type: 'tool_call',
      description: 'check one',
      tool: 'check',
      args: { n: '${item}' },
      inputs: [],
      dependsOn: ['list'],
      forEach: { list: '${steps.list.result}', as: 'item', onItemFailure, fanOut: true },
    },
    { key: 'total', id: 'total', type: 'tool_call', description: 'sum', tool: 'sum', args: { values: { step_result: 'check' } }, inputs: [], dependsOn: ['check'] },
  ];
}

/** The plan's tools, counting every call; `check` fails for the items in `failing`. */
function tools(failing: ReadonlySet<number> = new Set()) {
  const calls = { list: 0, check: [] as number[], sum: 0 };
  const tool = (name: string, execute: Tool['execute']): Tool => ({ name, description: name, inputSchema: { type: 'object' }, sideEffects: false, execute });
  const registry = new Map([
    ['list', tool('list', async () => (calls.list++, Array.from({ length: ITEMS }, (_, index) => index)))],
    [
      'check',
      tool('check', async (args) => {
        const n = Number(args.n);
        calls.check.push(n);
        if (failing.has(n)) throw new StepError(`item ${n} is broken`, { transient: false });
        return n * 10;
      }),
    ],
    ['sum', tool('sum', async (args) => (calls.sum++, (args.values as Array<number | null>).reduce<number>((a, b) => a + (b ?? 0), 0)))],
  ]);
  return { registry, calls };
}

async function runPart(steps: PlanStep[], registry: Map<string, Tool>, fanOut?: FanOutPart, resume?: ResumeState) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf(steps), {
    runStep,
    tools: registry,
    clock: systemClock,
    cwd: '/repo',
    inputs: {},
    listeners: [(event) => events.push(event)],
    ...(fanOut && { fanOut }),
    ...(resume && { resume }),
  });
  return { outcome, events };
}

function stateOf(events: RunEvent[], from: string): ResumeState {
  const read = resumeStateFromEvents(events, 'test plan', from);
  if (!read.ok) throw new Error(read.problem);
  return read.state;
}

describe('a fanned-out run: prepare, shards, merge', () => {
  it('runs every item exactly once across 4 shards and the merge completes the plan', async () => {
    const { registry, calls } = tools();
    const steps = plan();
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 4 });
    expect(prepare.outcome.status).toBe('succeeded');
    expect(prepare.outcome.record.steps.get('check')?.state).toBe('pending');
    const assigned = prepare.events.find((event) => event.type === 'shards_assigned');
    expect(assigned).toMatchObject({ stepKey: 'check', shards: 4, assignment: [1, 2, 3, 4, 1, 2, 3, 4, 1, 2] });
    const base = stateOf(prepare.events, 'prepare');

    const shardStates: ResumeState[] = [];
    for (const shard of [1, 2, 3, 4]) {
      const before = calls.check.length;
      const run = await runPart(steps, registry, { part: 'shard', shard }, base);
      expect(run.outcome.status).toBe('succeeded');
      // The shard's share, and nothing else: list reused, total never started.
      expect(calls.check.slice(before).sort((a, b) => a - b)).toEqual(Array.from({ length: ITEMS }, (_, index) => index).filter((index) => index % 4 === shard - 1));
      // Its share done (✅ here, no result): the merge completes the step from every shard's items.
      expect(run.outcome.record.steps.get('check')).toMatchObject({ state: 'completed', shareDone: true });
      expect(run.events.filter((event) => (event.type === 'step_completed' || event.type === 'share_ended') && event.stepKey === 'check').map((event) => event.type)).toEqual(['share_ended']);
      expect(run.outcome.record.steps.get('total')?.state).toBe('pending');
      shardStates.push(stateOf(run.events, `shard ${shard}`));
    }
    expect(calls.list).toBe(1);
    expect(calls.sum).toBe(0);

    const merged = mergeResumeStates([base, ...shardStates], 'prepare and 4 shards');
    const merge = await runPart(steps, registry, { part: 'merge' }, merged);
    expect(merge.outcome).toMatchObject({ status: 'succeeded', finalResult: 450 });
    expect(calls.check.sort((a, b) => a - b)).toEqual(Array.from({ length: ITEMS }, (_, index) => index));
    expect(calls.sum).toBe(1);
    expect(merge.outcome.record.steps.get('check')?.itemCounts).toMatchObject({ total: 10, completed: 10, failed: 0 });
  });

  it('a prepare step whose saved result is masked is taken as saved by every shard and the merge, never run again', async () => {
    const { registry, calls } = tools();
    const steps = plan();
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    // As the trace writer saves a list with a token in it: marked masked.
    const masked = prepare.events.map((event) => (event.type === 'step_completed' && event.stepKey === 'list' ? { ...event, masked: true as const } : event));
    const base = stateOf(masked, 'prepare');
    const shardStates: ResumeState[] = [];
    for (const shard of [1, 2]) {
      const run = await runPart(steps, registry, { part: 'shard', shard }, base);
      expect(run.outcome.status).toBe('succeeded');
      shardStates.push(stateOf(run.events, `shard ${shard}`));
    }
    const merge = await runPart(steps, registry, { part: 'merge' }, mergeResumeStates([base, ...shardStates], 'prepare and 2 shards'));
    expect(merge.outcome).toMatchObject({ status: 'succeeded', finalResult: 450 });
    expect(calls.list).toBe(1);
    expect([...merge.outcome.masked.keys()]).toEqual(['list']);
  });

  it('reports a failed shard per item in the merge, and with on_item_failure: continue still completes', async () => {
    const { registry, calls } = tools(new Set([5]));
    const steps = plan('continue');
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    const base = stateOf(prepare.events, 'prepare');
    const one = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    // Shard 2 never saved a state (its runner died): only shard 1's items and shard 2's absence are known.
    const merge = await runPart(steps, registry, { part: 'merge' }, mergeResumeStates([base, stateOf(one.events, 'shard 1')], 'two'));
    expect(calls.check.sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8]);
    expect(merge.outcome.status).toBe('succeeded');
    const check = merge.outcome.record.steps.get('check')!;
    expect(check.itemCounts).toMatchObject({ completed: 5, failed: 5 });
    expect(check.items![1]!.error).toBe('shard 2 left no result for this item (its job failed, was cancelled or saved no state); re-run that shard job, then this one');
    expect(merge.outcome.finalResult).toBe(200);
  });

  // Found by a review: under continue a shard job that held every item of the step, all failed, failed itself,
  // where one that held a share passed: the merge, which sees every item, decides.
  it('with on_item_failure: continue, a shard whose items all failed passes, and the merge fails the step', async () => {
    const { registry } = tools(new Set(Array.from({ length: ITEMS }, (_, index) => index)));
    const steps = plan('continue');
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 1 });
    const base = stateOf(prepare.events, 'prepare');
    const one = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    expect(one.outcome.status).toBe('succeeded');
    const merge = await runPart(steps, registry, { part: 'merge' }, mergeResumeStates([base, stateOf(one.events, '1')], 'all'));
    expect(merge.outcome.status).toBe('failed');
    expect(merge.outcome.reason).toMatch(/^step check failed: every item failed \(10 of 10\): check\[0\]: shard 1: item 0 is broken; check\[1\]: shard 1: item 1 is broken; check\[2\]: shard 1: item 2 is broken; and 7 more /);
    expect(merge.outcome.record.steps.get('total')?.state).toBe('skipped');
  });

  // Found by an adversarial pass: a shard whose own items all failed showed its step ✅ — 0/5 done, as if its share were work done.
  it("with on_item_failure: continue, a shard whose own items all failed shows its share failed, passes, and the merge completes the step", async () => {
    const { registry } = tools(new Set([0, 2, 4, 6, 8]));
    const steps = plan('continue');
    const base = stateOf((await runPart(steps, registry, { part: 'prepare', shards: 2 })).events, 'prepare');
    const one = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    const two = await runPart(steps, registry, { part: 'shard', shard: 2 }, base);
    expect([one.outcome.status, two.outcome.status]).toEqual(['succeeded', 'succeeded']);
    const line = (run: typeof one) => checklistItems(run.outcome.record).find((item) => item.key === 'check')!;
    expect(line(one)).toMatchObject({ icon: '❌', status: " — 0/5 done, 5 failed; other shards run 5 more — all 5 of this shard's items failed; the merge job fails the step if the other shards' items failed too" });
    expect(line(two)).toMatchObject({ icon: '✅', status: ' — 5/5 done; other shards run 5 more' });
    const merge = await runPart(steps, registry, { part: 'merge' }, mergeResumeStates([base, stateOf(one.events, 'shard 1'), stateOf(two.events, 'shard 2')], 'two'));
    expect(merge.outcome.status).toBe('succeeded');
    expect(line(merge)).toMatchObject({ icon: '✅', status: ' — 5/10 done, 5 failed' });
  });

  it('carries an item error from its shard into the merge, and fails the step under on_item_failure: fail', async () => {
    const { registry } = tools(new Set([3]));
    const steps = plan('fail');
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    const base = stateOf(prepare.events, 'prepare');
    const one = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    const two = await runPart(steps, registry, { part: 'shard', shard: 2 }, base);
    expect(one.outcome.status).toBe('succeeded');
    expect(two.outcome.status).toBe('failed');
    const merge = await runPart(steps, registry, { part: 'merge' }, mergeResumeStates([base, stateOf(one.events, '1'), stateOf(two.events, '2')], 'all'));
    expect(merge.outcome.status).toBe('failed');
    expect(merge.outcome.reason).toContain('item check[3] failed: shard 2: item 3 is broken');
    expect(merge.outcome.record.steps.get('total')?.state).toBe('skipped');
  });

  it('a re-run shard takes only its unfinished items from its earlier attempt', async () => {
    const { registry, calls } = tools(new Set([4]));
    const steps = plan('fail');
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    const base = stateOf(prepare.events, 'prepare');
    const first = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    expect(first.outcome.status).toBe('failed');
    const ranFirst = [...calls.check];
    calls.check.length = 0;
    const fixed = tools();
    const again = await runPart(steps, fixed.registry, { part: 'shard', shard: 1 }, mergeResumeStates([base, stateOf(first.events, 'attempt 1')], 'both'));
    expect(again.outcome.status).toBe('succeeded');
    // Four slots: 0, 2, 4 and 6 started, 4 failed, 8 never started. Only 4 and 8 run again.
    expect(ranFirst.sort((a, b) => a - b)).toEqual([0, 2, 4, 6]);
    expect(fixed.calls.check.sort((a, b) => a - b)).toEqual([4, 8]);
    expect(again.events.filter((event) => event.type === 'item_completed' && event.reused).map((event) => (event as { index: number }).index)).toEqual([0, 2, 6]);
  });

  it('without a part, the same plan runs whole on one runner', async () => {
    const { registry, calls } = tools();
    const whole = await runPart(plan(), registry);
    expect(whole.outcome).toMatchObject({ status: 'succeeded', finalResult: 450 });
    expect(calls.check.sort((a, b) => a - b)).toEqual(Array.from({ length: ITEMS }, (_, index) => index));
    expect(whole.events.some((event) => event.type === 'shards_assigned')).toBe(false);
  });

  // Found by a hunting pass: the prepare job failed for the step's list (more than max_items) with the step ⬜ and
  // "1/3 complete, 0 failed" in its checklist, summary and comment, where a whole run shows it ❌ with the error.
  it('a prepare job whose fan-out step cannot expand its list fails that step, as a whole run does', async () => {
    const { registry, calls } = tools();
    const steps = plan().map((step) => (step.forEach ? { ...step, forEach: { ...step.forEach, maxItems: 3 } } : step));
    const prepare = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    expect(prepare.outcome.status).toBe('failed');
    expect(prepare.outcome.reason).toContain('for_each gave 10 items, more than max_items 3');
    const check = prepare.outcome.record.steps.get('check')!;
    expect(check.state).toBe('failed');
    expect(check.error).toContain('for_each gave 10 items, more than max_items 3');
    expect(prepare.outcome.record.steps.get('total')?.state).toBe('skipped');
    expect(prepare.events.some((event) => event.type === 'shards_assigned')).toBe(false);
    expect(calls.check).toEqual([]);
  });

  it('a shard whose prepare state lacks a step refuses to run it', async () => {
    const { registry, calls } = tools();
    const run = await runPart(plan(), registry, { part: 'shard', shard: 1 });
    expect(run.outcome.status).toBe('failed');
    expect(run.outcome.reason).toContain("step list is not in the prepare job's state");
    expect(calls.list).toBe(0);
  });
});
