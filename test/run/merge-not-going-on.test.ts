// A merge job's re-run that cannot go on with its earlier attempt's replans said "that attempt's replans also replaced a
// fan-out step" whatever the cause: also when they replaced a step a fan-out step needs, or when the prepare job's plan
// was not the one that attempt started from (found by a review).
import { expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { PlanSnapshot, RunEvent } from '../../src/core/run-event.ts';
import { TRACE_FORMAT } from '../../src/core/run-event.ts';
import { mergeResumeStates, resumeStateFromEvents, type ResumeState } from '../../src/run/resume-state.ts';

const step = (key: string, extra: Partial<PlanStep> = {}): PlanStep => ({ key, id: key, type: 'tool_call', description: key, tool: key, args: {}, inputs: [], dependsOn: [], ...extra });
const list = step('list');
const check = step('check', { tool: 'check', dependsOn: ['list'], forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail', fanOut: true } });
const publish = step('publish', { args: { tag: '1.2' } });
const snapshot = (steps: PlanStep[], revision = 1): PlanSnapshot => ({ name: 'Release', revision, steps });
const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

function state(events: RunEvent[], from: string): ResumeState {
  const read = resumeStateFromEvents(events, 'Release', from);
  if (!read.ok) throw new Error(read.problem);
  return read.state;
}

/** The merge's attempt 1: started from `started`, its step publish failed, and a replan took it out for `revised`. */
function mergeAttempt(started: PlanStep[], revised: PlanStep[]): ResumeState {
  return state(
    [
      { type: 'plan_created', at: 0, plan: snapshot(started), format: TRACE_FORMAT },
      { type: 'step_started', at: 1, stepKey: 'publish' },
      { type: 'step_failed', at: 2, stepKey: 'publish', error: 'tags need a v', transient: false, durationMs: 1, usage },
      { type: 'plan_revised', at: 3, plan: snapshot(revised, 2), replaced: ['publish'], added: ['publish_fixed'], reason: 'tags need a v' },
    ],
    'merge attempt 1',
  );
}

const prepared = state([{ type: 'plan_created', at: 0, plan: snapshot([list, check, publish]), format: TRACE_FORMAT }], 'prepare');
const fixed = step('publish_fixed', { args: { tag: 'v1.2' } });

it('says a merge’s re-run starts from the prepare job’s plan because its replans replaced a step a fan-out step needs', () => {
  const merged = mergeResumeStates([prepared], 'both', mergeAttempt([list, check, publish], [step('list2'), { ...check, dependsOn: ['list2'] }, fixed]));
  expect(merged.replacedBefore?.why).toBe("that attempt's replans replaced step list, which a fan-out step needs, so this attempt starts from the prepare job's plan");
  expect([...merged.replacedBefore!.steps.keys()]).toContain('publish');
});

it('says a merge’s re-run starts from the prepare job’s plan because that plan is not the one its earlier attempt started from', () => {
  const other = { ...list, args: { page: 2 } };
  const merged = mergeResumeStates([prepared], 'both', mergeAttempt([other, check, publish], [other, check, fixed]));
  expect(merged.replacedBefore?.why).toBe("the prepare job's plan is not the one that attempt started from (its step list is not as that attempt had it), so this attempt starts from the prepare job's plan");
});

it('a merge’s re-run whose earlier attempt kept the prepare job’s steps goes on with its plan, with nothing to refuse', () => {
  const merged = mergeResumeStates([prepared], 'both', mergeAttempt([list, check, publish], [list, check, fixed]));
  expect(merged.replacedBefore).toBeUndefined();
  expect(merged.plan.steps.map((one) => one.key)).toEqual(['list', 'check', 'publish_fixed']);
});
