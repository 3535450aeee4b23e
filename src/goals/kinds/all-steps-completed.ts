import type { GoalCheck, GoalCheckOutcome } from '../goal-check.ts';
import type { GoalTarget } from '../goal-target.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';

/**
 * `all_steps_completed`: every step of the final plan completed, none with failed items, and no step
 * failed on the way or was dropped before it ran (one a replan or a review replaced counts: a gate must
 * not pass because a model swapped a check for something else). Evidence lists the steps that left work undone.
 */
export const allStepsCompletedCheck: GoalCheck = {
  needsTarget: false,
  check(_goal, { target }) {
    let outcome = outcomes.get(target);
    if (!outcome) outcomes.set(target, (outcome = outcomeOf(target)));
    return outcome;
  },
};

/** The most steps the evidence names; it counts the rest. */
const MAX_NAMED = 20;

/**
 * Each run's outcome, worked out once for all its `all_steps_completed` goals: each goal listed every step that
 * did not complete, and 2,000 such goals over 2,000 steps wrote 66 MB to the log and the trace (6,000: 2 GB, and
 * a goals event too long to write; found by an adversarial pass). A target is made once, at a run's end.
 */
const outcomes = new WeakMap<GoalTarget, GoalCheckOutcome>();

function outcomeOf(target: GoalTarget): GoalCheckOutcome {
  const states = [...target.stepStates];
  if (states.length === 0) throw new GoalNotEvaluableError('the run has no steps to check');
  const missed = [
    ...states.filter(([, state]) => state !== 'completed').map(([key, state]) => `${key} (${state})`),
    ...[...target.unfinished].map(([key, why]) => `${key} (${why})`),
  ];
  const count = states.length + [...target.unfinished.keys()].filter((key) => !target.stepStates.has(key)).length;
  if (missed.length === 0) return { met: true, evidence: count === 1 ? 'the one step completed' : `all ${count} steps completed` };
  const more = missed.length > MAX_NAMED ? `, and ${missed.length - MAX_NAMED} more` : '';
  // "all its work", not "did not complete": a step listed may say completed (its items failed, its agent's TODOs left
  // open), and "did not complete: review (completed, …)" read as a contradiction (found by a new-user walkthrough).
  const work = missed.length === 1 ? 'its' : 'their';
  return { met: false, evidence: `${missed.length} of ${count} step${count === 1 ? '' : 's'} did not complete all ${work} work: ${missed.slice(0, MAX_NAMED).join(', ')}${more}` };
}
