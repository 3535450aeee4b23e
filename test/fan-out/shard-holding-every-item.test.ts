import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { StepError } from '../../src/core/step-error.ts';
import type { FanOutPart } from '../../src/run/fan-out-part.ts';
import { mergeResumeStates, resumeStateFromEvents, shardOwnState, prepareOwnState, type ResumeState } from '../../src/run/resume-state.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { planOf } from '../run/run-fixture.ts';
import { sharedStateOf, mergeSharedStates } from '../../src/report/comment/shared-comment-state.ts';

function plan(n: number, onItemFailure: 'fail' | 'continue' = 'continue', key?: string): PlanStep[] {
  return [
    { key: 'list', id: 'list', type: 'tool_call', description: 'list', tool: 'list', args: { n }, inputs: [], dependsOn: [] },
    {
      key: 'check', id: 'check', type: 'tool_call', description: 'check one', tool: 'check', args: { n: '${item}' }, inputs: [], dependsOn: ['list'],
      forEach: { list: '${steps.list.result}', as: 'item', onItemFailure, fanOut: true, ...(key && { key }) },
    },
    { key: 'total', id: 'total', type: 'tool_call', description: 'sum', tool: 'sum', args: { values: { step_result: 'check' } }, inputs: [], dependsOn: ['check'] },
  ];
}

function tools(failing: ReadonlySet<number> = new Set()) {
  const calls = { list: 0, check: [] as number[], sum: 0 };
  const tool = (name: string, execute: Tool['execute']): Tool => ({ name, description: name, inputSchema: { type: 'object' }, sideEffects: false, execute });
  const registry = new Map([
    ['list', tool('list', async (args) => (calls.list++, Array.from({ length: Number(args.n) }, (_, i) => i)))],
    ['check', tool('check', async (args) => {
      const n = Number(args.n);
      calls.check.push(n);
      if (failing.has(n)) throw new StepError(`item ${n} is broken`, { transient: false });
      return n * 10;
    })],
    ['sum', tool('sum', async (args) => (calls.sum++, (args.values as Array<number | null>).reduce<number>((a, b) => a + (b ?? 0), 0)))],
  ]);
  return { registry, calls };
}

async function runPart(steps: PlanStep[], registry: Map<string, Tool>, fanOut?: FanOutPart, resume?: ResumeState) {
  const events: RunEvent[] = [];
  const outcome = await runPlan(planOf(steps), { runStep, tools: registry, clock: systemClock, cwd: '/repo', inputs: {}, listeners: [(e) => events.push(e)], ...(fanOut && { fanOut }), ...(resume && { resume }) });
  return { outcome, events };
}
function stateOf(events: RunEvent[], from: string): ResumeState {
  const read = resumeStateFromEvents(events, 'test plan', from);
  if (!read.ok) throw new Error(read.problem);
  return read.state;
}

// Found by a hunt of fan-out: a shard dealt every item of a step (a list of one on two shards) completed the step,
// ✅ over every item failed, and the shared PR comment kept that ✅ through the merge job's writes (the merge then
// failed the step). A shard's share ends with `share_ended`, never `step_completed`: the merge decides.
describe('a shard dealt every item of a fanned-out step', () => {
  it('ends its share, failed when every item failed, and leaves the step to the merge, which fails it', async () => {
    const { registry } = tools(new Set([0]));
    const steps = plan(1);
    const prep = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    const base = prepareOwnState(stateOf(prep.events, 'prepare'));
    const s1 = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    const ends = s1.events.filter((event) => 'stepKey' in event && event.stepKey === 'check' && (event.type === 'step_completed' || event.type === 'share_ended'));
    expect(ends).toEqual([expect.objectContaining({ type: 'share_ended', state: 'failed', error: "all 1 of this shard's items failed; the merge job fails the step" })]);
    const merged = mergeResumeStates([base, shardOwnState(stateOf(s1.events, 's1'), 1, base.shards)], 'm');
    const merge = await runPart(steps, registry, { part: 'merge' }, merged);
    expect(merge.outcome.record.steps.get('check')?.state).toBe('failed');
    expect(merge.outcome.status).toBe('failed');
    const asIs = (text: string) => text;
    expect(mergeSharedStates(sharedStateOf(merge.outcome.record, asIs, 7), sharedStateOf(s1.outcome.record, asIs, 7)).steps['check']?.s).toBe('failed');
  });

  it('ends its share completed when its items did, and the merge completes the step and runs what follows', async () => {
    const { registry, calls } = tools();
    const steps = plan(1);
    const prep = await runPart(steps, registry, { part: 'prepare', shards: 2 });
    const base = prepareOwnState(stateOf(prep.events, 'prepare'));
    const s1 = await runPart(steps, registry, { part: 'shard', shard: 1 }, base);
    const s2 = await runPart(steps, registry, { part: 'shard', shard: 2 }, base);
    expect(s1.events.some((event) => event.type === 'step_completed' && event.stepKey === 'check')).toBe(false);
    expect(s1.events.find((event) => event.type === 'share_ended')).toMatchObject({ stepKey: 'check', state: 'completed' });
    expect(calls.sum).toBe(0);
    const merged = mergeResumeStates([base, shardOwnState(stateOf(s1.events, 's1'), 1, base.shards), shardOwnState(stateOf(s2.events, 's2'), 2, base.shards)], 'm');
    const merge = await runPart(steps, registry, { part: 'merge' }, merged);
    expect(merge.outcome).toMatchObject({ status: 'succeeded', finalResult: 0 });
    expect(calls.check).toEqual([0]);
  });
});
