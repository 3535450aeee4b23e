import type { Goal } from '../plan/schema.ts';
import type { StepState } from '../core/run-event.ts';
import { finalStepStates, unfinishedWork, type RunRecord } from '../core/run-record.ts';
import { checkoutResults } from './checkout-results.ts';
import { partialResults, type PartialResult } from './partial-results.ts';
import { GoalNotEvaluableError } from './goal-not-evaluable-error.ts';

/** What goals are checked against once the run has finished. */
export interface GoalTarget {
  /** The run's result; undefined when the run produced none. */
  readonly finalResult: unknown;
  /** Results of completed steps, by step key. */
  readonly results: ReadonlyMap<string, unknown>;
  /** The state every step of the final plan ended in, by step key. */
  readonly stepStates: ReadonlyMap<string, StepState>;
  /**
   * Work left undone that no state in `stepStates` shows (`unfinishedWork`): a completed step with
   * failed items, a failed step a replan replaced; why, by step key. `all_steps_completed` counts them.
   */
  readonly unfinished: ReadonlyMap<string, string>;
  /**
   * Completed steps whose result lacks work the run left undone (`partialResults`), by key: why. A goal
   * that a part can pass where the whole would fail is not evaluated on them.
   */
  readonly partial?: ReadonlyMap<string, PartialResult>;
  /**
   * Completed steps whose result came from a checkout that is not the commit the run is for (`checkoutResults`:
   * an approving job's), by key: why. No goal is checked on them.
   */
  readonly foreign?: ReadonlyMap<string, string>;
  /** The step whose result is `finalResult`. */
  readonly resultStepKey?: string;
  /** Completed steps whose result has something masked (`RunOutcome.masked`): no goal is judged on them. */
  readonly masked?: ReadonlyMap<string, string>;
}

/** What a finished run (`RunOutcome`) gives its goals. */
export interface FinishedRun {
  readonly finalResult?: unknown;
  readonly results: ReadonlyMap<string, unknown>;
  readonly record: RunRecord;
  readonly masked: ReadonlyMap<string, string>;
  readonly resultStepKey?: string;
}

/**
 * What a finished run's goals are checked against (a job's or a used plan's): `stepStates` when the caller has
 * them already, `carried` work a resumed run left undone. Its results read from a checkout that is not the run's
 * commit are foreign (`checkoutResults`), and every completed step is where the run, a used plan's, was given one
 * (`foreignInputs`: why).
 */
export function goalTargetOf(
  run: FinishedRun,
  extra: { readonly stepStates?: ReadonlyMap<string, StepState>; readonly carried?: Iterable<readonly [string, string]>; readonly foreignInputs?: string } = {},
): GoalTarget {
  const stepStates = extra.stepStates ?? finalStepStates(run.record);
  const given = extra.foreignInputs;
  const foreign = given === undefined ? checkoutResults(run.record, stepStates) : new Map([...stepStates].filter(([, state]) => state === 'completed').map(([key]) => [key, given]));
  return {
    finalResult: run.finalResult,
    results: run.results,
    stepStates,
    unfinished: new Map([...(extra.carried ?? []), ...unfinishedWork(run.record)]),
    partial: partialResults(run.record, stepStates, run.results),
    ...(foreign.size > 0 && { foreign }),
    masked: run.masked,
    ...(run.resultStepKey !== undefined && { resultStepKey: run.resultStepKey }),
  };
}

/**
 * The value a goal checks: the result of its `of:` step, or the run's final result. Not a result
 * with something masked: the text a goal looks for (a key, a word, its length) may be what was masked.
 */
export function resolveGoalTarget(goal: Goal, target: GoalTarget): unknown {
  const judged = goal.of === undefined ? target.resultStepKey : String(goal.of);
  const masked = judged === undefined ? undefined : target.masked?.get(judged);
  if (masked !== undefined) {
    throw new GoalNotEvaluableError(
      `the result it would judge is made from ${masked}: a saved run keeps text that looks like a secret or a token only as ***, so that result is not what the step returned. A run without resuming (the action's resume: never, the CLI without --resume) judges it, running every step again, side effects included`,
    );
  }
  if (goal.of === undefined) {
    if (target.finalResult === undefined) {
      throw new GoalNotEvaluableError('the run produced no result (it ended before its last step completed)');
    }
    return target.finalResult;
  }
  const key = String(goal.of);
  const state = target.stepStates.get(key);
  if (state === undefined) throw new GoalNotEvaluableError(`step ${key} is not in the plan that ran`);
  if (state !== 'completed') throw new GoalNotEvaluableError(`step ${key} did not complete (${state})`);
  const value = target.results.get(key);
  if (value === undefined) throw new GoalNotEvaluableError(`step ${key} completed without a result`);
  return value;
}
