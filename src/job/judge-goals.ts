import { BudgetExceededError } from '../run/budget-exceeded-error.ts';
import { hideCutFragments } from '../core/hide-cut-fragments.ts';
import type { Redactor } from '../core/redact.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { Usage } from '../core/usage.ts';
import { finalStepStates } from '../core/run-record.ts';
import { evaluateGoals } from '../goals/evaluate-goals.ts';
import { CANCELLED_WHILE_JUDGING, finalStatus } from '../goals/final-status.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import { goalTargetOf } from '../goals/goal-target.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { scrubEnvironment, type RunnerEnvironment } from '../process/scrub-environment.ts';
import type { RunOutcome } from '../run/run-outcome.ts';
import type { RunStoppedError } from '../run/run-stopped-error.ts';

/**
 * Judging phase: the plan's goal checks on what the run produced, and the job's status after them
 * (a run that succeeded with a required goal unmet is `goals-unmet`; one cancelled while its goals were
 * checked is `cancelled`). Goal commands see a scrubbed
 * environment.
 */
export async function judgeGoals(
  plan: ValidPlan,
  run: RunOutcome,
  options: {
    readonly model?: ModelClient;
    readonly cwd: string;
    readonly env: RunnerEnvironment;
    readonly signal?: AbortSignal;
    readonly redact: Redactor;
    /** The run's usage once the goals are judged (the budget's): judges call the model too. */
    readonly usage?: () => Usage;
    /** Why the budget stopped, if it did: a judge's call can pass a cap, and then the job fails as a step's would. */
    readonly budgetStop?: () => RunStoppedError | undefined;
    /** Work a run it resumed left undone that this run cannot redo: steps that failed there and that a replan replaced. */
    readonly resumedUnfinished?: ReadonlyMap<string, string>;
    /** Why `command` goals cannot be checked in `cwd` (see `GoalDeps.commandsRefused`). */
    readonly commandsRefused?: string;
  },
): Promise<{ readonly goals: readonly GoalResult[]; readonly status: RunStatus }> {
  // A paused run has no result yet: its goals are checked when an approved run finishes it.
  if (run.status === 'awaiting-approval') return { goals: [], status: run.status };
  // The final plan's steps, and the work it left undone that their states do not show.
  const stepStates = finalStepStates(run.record);
  // A step this run ran again speaks for itself (a used plan's inner step, when this run ran that plan
  // again rather than reusing it); one it could not (no longer in the plan, or reused whole) keeps its failure.
  const ranAgain = (key: string): boolean => {
    const path = key.split('/');
    let record = run.record;
    // Down the plan steps on the way: one this run reused whole (no record of its plan) did not run it again.
    for (const outer of path.slice(0, -1)) {
      const nested = record.steps.get(outer)?.nested;
      if (!nested) return false;
      record = nested;
    }
    return path.length === 1 ? stepStates.has(key) || run.record.steps.has(key) : record.steps.has(path.at(-1)!);
  };
  const carried = [...(options.resumedUnfinished ?? [])].filter(([key]) => !ranAgain(key));
  const stoppedBefore = options.budgetStop?.();
  const goals = await evaluateGoals(
    plan.source.goals ?? [],
    goalTargetOf(run, { stepStates, carried }),
    { model: options.model, cwd: options.cwd, env: scrubEnvironment(options.env, undefined, 'goal'), signal: options.signal, ...(options.commandsRefused !== undefined && { commandsRefused: options.commandsRefused }) },
  );
  const judged = finalStatus(run.status, goals, options.signal?.aborted ?? false);
  // A judge that passed a cap stops the job as a step's call would (fail closed); the goals stay as judged.
  // A judge's call refused before it was made only leaves its goal unchecked: with no required goal left
  // unevaluated, it was a warning's, which never fails a job (beside a required goal judged unmet, the run is
  // goals-unmet as without it). With a required one unevaluated, the stop stands (status failed, whatever
  // fail-on-unmet-goals says): a required goal nobody judged must not pass as merely unmet.
  const found = judged === 'succeeded' || judged === 'goals-unmet' ? options.budgetStop?.() : undefined;
  const warningsOnly = !goals.some((goal) => goal.severity === 'required' && goal.outcome === 'error');
  const refusedJudge = warningsOnly && found !== undefined && found !== stoppedBefore && found instanceof BudgetExceededError && found.refusedCall;
  const stop = refusedJudge ? undefined : found;
  const status = stop ? stop.status : judged;
  // Evidence is an excerpt cut before any redactor saw it: redacted, and cut token fragments hidden, as every report shows it.
  // A cancel that came only while the goals were checked says so, in the trace and the log as in every report.
  const reason = stop?.message ?? (status === 'cancelled' && run.status !== 'cancelled' ? CANCELLED_WHILE_JUDGING : undefined);
  run.recordGoals(goals.map((goal) => ({ ...goal, evidence: hideCutFragments(options.redact(goal.evidence)) })), status, options.usage?.(), reason);
  return { goals, status };
}
