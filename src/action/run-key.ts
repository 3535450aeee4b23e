import type { StatePlan } from '../state/state-artifact-name.ts';

/**
 * What names a job's plan in the hidden markers of its PR comment and escalation issue: the plan path,
 * and the `run-key` after it when there is one, so the legs of a matrix that run the same plan keep a
 * comment and an issue each instead of overwriting one another's. Without a key it is the plan path,
 * as it always was: comments written before keys existed are still found.
 */
export function keyedPlanId(plan: StatePlan): string {
  return plan.runKey === undefined ? plan.planPath : `${plan.planPath} [run-key ${plan.runKey}]`;
}

/** A check run's name with the run key after it, `Weekly report (node-20)`: each leg of a matrix reports its own check. */
export function keyedCheckRunName(name: string, plan: StatePlan): string {
  return plan.runKey === undefined ? name : `${name} (${plan.runKey})`;
}
