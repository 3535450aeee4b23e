import { groupDigits } from '../core/group-digits.ts';
import type { PlanIssue } from './plan-issue.ts';
import { DEFAULT_LIMITS, type Plan } from './schema.ts';
import type { ValidPlan } from './valid-plan.ts';

const advice = (allowed: number | string) =>
  `the run would stop after ${allowed}; raise limits.max_steps (up to 100,000), or combine steps (for_each items do not count)`;

const at = (plan: Plan) => (plan.limits?.max_steps === undefined ? ['workflow_sequence'] : ['limits', 'max_steps']);

/**
 * More steps than `limits.max_steps`: the budget would stop the run after that many, the steps before run
 * (side effects included) and the rest never. `validate` said "ok" of such a plan (found by a review).
 * Checked here for the plan's own steps; a model's plan is checked with the room left (validate-model-steps).
 */
export function checkStepCount(plan: Plan, count: number): PlanIssue[] {
  const allowed = plan.limits?.max_steps ?? DEFAULT_LIMITS.max_steps;
  if (count <= allowed) return [];
  return [
    {
      path: at(plan),
      message: `the plan has ${count} steps, but limits.max_steps allows ${allowed} in all (steps of used plans and those a replan adds count too): ${advice(allowed)}`,
    },
  ];
}

/** Steps a run of `plan` starts when each runs once: its own, and those of the plans its plan steps use, at any depth. */
function stepsOfRun(plan: ValidPlan, counted: WeakMap<ValidPlan, number>): number {
  const known = counted.get(plan);
  if (known !== undefined) return known;
  let steps = plan.steps.length;
  for (const step of plan.steps) {
    const used = step.uses === undefined ? undefined : plan.subplans?.get(step.uses);
    if (used) steps += stepsOfRun(used, counted);
  }
  counted.set(plan, steps);
  return steps;
}

/**
 * A top plan whose own steps fit `limits.max_steps` (`checkStepCount`), but not with those of the plans its plan
 * steps use, which count against it: `validate` said "ok", and the run stopped inside a used plan, the steps
 * before run (found by an adversarial pass).
 */
export function checkUsedStepCount(plan: ValidPlan): PlanIssue[] {
  const allowed = plan.limits.max_steps;
  const own = plan.steps.length;
  if (own > allowed) return [];
  const all = stepsOfRun(plan, new WeakMap());
  if (all <= allowed) return [];
  return [
    {
      path: at(plan.source),
      message: `the plan has ${own} steps and the plans its plan steps use ${groupDigits(all - own)} more, but limits.max_steps allows ${groupDigits(allowed)} in all: ${advice(groupDigits(allowed))}`,
    },
  ];
}
