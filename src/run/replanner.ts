import type { EarlierAttempts } from '../core/earlier-attempts.ts';
import type { PlanStep } from '../core/plan-step.ts';

/** A step that failed for good during the run, as the replanner is told about it. */
export interface FailureNote {
  readonly step: PlanStep;
  readonly error: string;
  /** Attempts made, retries included. */
  readonly attempts: number;
  /** The last attempt failed in a way that may pass another time (a timeout, HTTP 503): not failed for good. */
  readonly transient?: boolean;
}

/** A completed step and its result: kept by every revision, never rerun. */
export interface CompletedStep {
  readonly step: PlanStep;
  readonly result: unknown;
}

/** What the replanner sees: where the run stands, and why the rest of the plan must change. */
export interface ReplanRequest {
  readonly goal?: string;
  readonly completed: readonly CompletedStep[];
  /** The failure that triggered this replan; absent when a review asked for it. */
  readonly failure?: FailureNote;
  /** The review that found the plan no longer fits, when that triggered it. */
  readonly review?: { readonly stepKey: string; readonly reason: string };
  /** Every failure of the run so far, oldest first (the trigger included), so it is not proposed again. */
  readonly failures: readonly FailureNote[];
  /** A resumed run: the failures and replans of the runs it comes from, so their approach is not proposed again either. */
  readonly earlier?: EarlierAttempts;
  /** The steps the replacement takes the place of. */
  readonly remaining: readonly PlanStep[];
  /** Every step key used so far in the run; new steps need other ids. */
  readonly usedKeys: ReadonlySet<string>;
  /**
   * Steps counted against `limits.max_steps` so far: every step started (failed ones too), not only the
   * completed ones; a replacement gets what is left. Default: the completed steps.
   */
  readonly stepsCounted?: number;
  /** The revision the replacement becomes. */
  readonly revision: number;
}

/** New steps for what is left (validated against the completed ones), or why there are none. */
export type ReplanResult =
  | { readonly ok: true; readonly steps: readonly PlanStep[]; readonly why?: string }
  | { readonly ok: false; readonly problem: string };

/** What a review is shown after a `review: true` step completes. */
export interface ReviewRequest {
  readonly goal?: string;
  readonly completed: readonly CompletedStep[];
  readonly reviewedStepKey: string;
  readonly remaining: readonly PlanStep[];
}

export interface ReviewVerdict {
  /** False when the rest of the plan no longer fits what was learned. */
  readonly fits: boolean;
  readonly reason: string;
}

/**
 * The model's part in recovery, injected into the executor: write replacement steps for what is
 * left, and judge whether the rest of the plan still fits. Both may throw; the executor escalates.
 */
export interface Replanner {
  replan(request: ReplanRequest, signal: AbortSignal): Promise<ReplanResult>;
  review(request: ReviewRequest, signal: AbortSignal): Promise<ReviewVerdict>;
}
