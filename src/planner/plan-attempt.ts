import type { PlanError } from '../plan/plan-error.ts';

/** One answer of the planner and what validation said about it. */
export interface PlanAttempt {
  /** The model's answer as text. */
  readonly answer: string;
  /** The steps read from it, when it held a step list. */
  readonly steps?: readonly unknown[];
  /** Empty for the answer that was accepted. */
  readonly errors: readonly PlanError[];
}

/** A plan the model could not write: each answer (the first, then the repair) with its errors. */
export interface RejectedPlan {
  readonly attempts: readonly PlanAttempt[];
}
