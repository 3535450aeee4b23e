import type { PlanIssue } from './plan-issue.ts';
import { DEFAULT_LIMITS, type Plan } from './schema.ts';

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
      path: plan.limits?.max_steps === undefined ? ['workflow_sequence'] : ['limits', 'max_steps'],
      message: `the plan has ${count} steps, but limits.max_steps allows ${allowed} in all (steps of used plans and those a replan adds count too): the run would stop after ${allowed}; raise limits.max_steps (up to 100,000), or combine steps (for_each items do not count)`,
    },
  ];
}
