import type { Escalation, GoalVerdict, RunStatus } from '../core/run-event.ts';
import type { Usage } from '../core/usage.ts';
import type { RunRecord } from '../core/run-record.ts';

/** How a run ended, with everything it produced. `goals-unmet` is decided later, by the goal checks. */
export interface RunOutcome {
  readonly status: Exclude<RunStatus, 'goals-unmet'>;
  /** Why the run did not succeed: the failed step and its error, the cancel, the timeout. */
  readonly reason?: string;
  /** Results of the completed steps, by key. */
  readonly results: ReadonlyMap<string, unknown>;
  /** The run as its events tell it (the same fold every renderer makes). */
  readonly record: RunRecord;
  /** Every model call of the job up to the end of the run: steps, and the planner, replanner and reviews. */
  readonly usage: Usage;
  /** Set when the run was escalated: what a person needs to know, and whom to tell. */
  readonly escalation?: Escalation;
  /** Replans made during the run (each is a revision of the plan). */
  readonly replans: number;
  /** The last step in declaration order, when it completed. */
  readonly resultStepKey?: string;
  readonly finalResult?: unknown;
  /** Steps whose result was reused from the run resumed from. */
  readonly reused: number;
  /** Completed steps whose result has something masked (`PlanRun.masked`), and where from. */
  readonly masked: ReadonlyMap<string, string>;
  /** Completed steps whose result lacks work the run left undone (`PlanRun.incomplete`), and why. */
  readonly incomplete: ReadonlyMap<string, string>;
  /** A step failed on a model endpoint no call can use (see `endpointUnusable`). */
  readonly endpointUnusable?: true;
  /** Records the goals' verdicts and the final status after them (`goals_checked`), once, for every listener and the trace. */
  /** `usage`: the run's, judges included (they call the model after the run finished). */
  readonly recordGoals: (goals: readonly GoalVerdict[], status: RunStatus, usage?: Usage, reason?: string) => void;
}
