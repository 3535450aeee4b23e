import type { Limits, Plan } from '../plan/schema.ts';
import type { PlanStep } from '../core/plan-step.ts';

/**
 * What the executor needs from a validated plan. `ValidPlan` (src/plan) is assignable to it; tests
 * and benchmarks build one directly.
 */
export interface RunnablePlan {
  readonly name: string;
  readonly goal?: string;
  readonly file?: string;
  /** In declaration order, `dependsOn` already defaulted and checked (no unknown ids, no cycles). */
  readonly steps: readonly PlanStep[];
  /** The revision number of `steps` (a resumed run's: `resumedRevision`); default 1. */
  readonly revision?: number;
  /** Budget limits and `max_replans` left out are unlimited (the loader fills in the defaults). */
  readonly limits: Pick<Required<Limits>, 'concurrency' | 'timeout_minutes'> & Limits;
  /**
   * The parsed file: goal names, the `model:` block and `agents:` for the step context; the
   * declared `tools:` (their `retry:`), `pricing:` and `escalate:` for recovery and budgets; the `limits:` it
   * writes, which a used plan's run tells from the defaults the loader filled in.
   */
  readonly source?: Pick<Plan, 'goals' | 'model' | 'agents' | 'tools' | 'pricing' | 'escalate' | 'inputs' | 'approval' | 'limits'>;
  /** The file's own source when a model wrote the steps (see `ValidPlan.fileSource`). */
  readonly fileSource?: RunnablePlan['source'];
  /** The plans `type: plan` steps use, by `uses:` as written. */
  readonly subplans?: ReadonlyMap<string, RunnablePlan>;
  /** Tools kept out of this run (read-only mode), with the reason; agent steps are never offered them. */
  readonly withheld?: ReadonlyMap<string, string>;
}
