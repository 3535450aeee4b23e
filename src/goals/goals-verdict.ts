import type { Goal } from '../plan/schema.ts';
import type { GoalResult } from './goal-result.ts';

/** What the goal results mean for the run. */
export interface GoalsVerdict {
  /** True when every required goal is met (`error` counts as not met). */
  readonly goalsMet: boolean;
  /** Required goals that are unmet or could not be evaluated. */
  readonly unmetRequired: readonly GoalResult[];
  /** Warning goals that are unmet or could not be evaluated: reported, never failing the run. */
  readonly warnings: readonly GoalResult[];
}

/** Sums up goal results: all required goals met, which are not, and which warnings to show. */
export function goalsVerdict(results: readonly GoalResult[]): GoalsVerdict {
  const notMet = results.filter((result) => result.outcome !== 'met');
  const unmetRequired = notMet.filter((result) => result.severity === 'required');
  const warnings = notMet.filter((result) => result.severity === 'warning');
  return { goalsMet: unmetRequired.length === 0, unmetRequired, warnings };
}

/** Whether a plan's goals make its run a gate: at least one required goal (warnings only report). */
export function hasRequiredGoal(goals: readonly Goal[] | undefined): boolean {
  return (goals ?? []).some((goal) => goal.severity !== 'warning');
}

/**
 * How the plan gates the job: `own`, a required goal of its own, which gates as `fail-on-unmet-goals` says; `used`,
 * a required goal of a plan its `type: plan` steps use, at any depth, which decides its step (a step that fails
 * fails the run), so it gates whatever that input says; undefined, no gate. A run that ends before they are
 * checked (paused for approval, rejected) does not pass such a gate.
 */
export type PlanGate = 'own' | 'used' | undefined;

/** What `planGates` reads of a plan: its goals and the plans its steps use (a `ValidPlan`, or the executor's `RunnablePlan`). */
export interface GatingPlan {
  readonly source?: { readonly goals?: readonly Goal[] | undefined } | undefined;
  readonly subplans?: ReadonlyMap<string, GatingPlan> | undefined;
}

export function planGates(plan: GatingPlan): PlanGate {
  const used = [...(plan.subplans?.values() ?? [])].some((inner) => planGates(inner) !== undefined);
  return used ? 'used' : hasRequiredGoal(plan.source?.goals) ? 'own' : undefined;
}
