/** How one goal came out. `error` means it could not be evaluated, and never counts as met. */
export type GoalOutcome = 'met' | 'unmet' | 'error';

export type GoalSeverity = 'required' | 'warning';

/** One goal's verdict with the evidence a reader needs to believe it. */
export interface GoalResult {
  readonly name: string;
  readonly severity: GoalSeverity;
  readonly outcome: GoalOutcome;
  readonly evidence: string;
  /** An `error` whose model call (a judge's) found the endpoint unusable for every call (`endpointRefusesEveryCall`). */
  readonly endpointUnusable?: true;
}
