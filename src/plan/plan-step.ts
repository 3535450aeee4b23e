import type { RetryPolicy, Step, StepId, StepType } from './schema.ts';

/**
 * A step as the executor sees it: ids normalised to string keys, `depends_on` defaults applied
 * (the previous step; `inputs` of an aggregate always count as dependencies).
 */
export interface PlanStep {
  /** `String(id)`: the key used everywhere at run time (`1` and `"1"` are the same step). */
  readonly key: string;
  readonly id: StepId;
  readonly type: StepType;
  readonly description: string;
  readonly tool?: string;
  readonly args?: Readonly<Record<string, unknown>>;
  /** Keys of the steps an aggregate combines. */
  readonly inputs: readonly string[];
  /** Keys of every direct dependency, `inputs` included. */
  readonly dependsOn: readonly string[];
  readonly agent?: string;
  readonly timeoutSeconds?: number;
  readonly retry?: RetryPolicy;
  readonly onFailure?: Step['on_failure'];
  readonly review?: boolean;
  readonly why?: string;
}

/** The string key of a step id. */
export function stepKey(id: StepId): string {
  return String(id);
}
