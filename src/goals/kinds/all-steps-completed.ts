import type { GoalCheck } from '../goal-check.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';

/**
 * `all_steps_completed`: every step of the final plan completed, none with failed items, and no step
 * failed on the way or was dropped before it ran (one a replan or a review replaced counts: a gate must
 * not pass because a model swapped a check for something else). Evidence lists what did not complete.
 */
export const allStepsCompletedCheck: GoalCheck = {
  needsTarget: false,
  check(_goal, { target }) {
    const states = [...target.stepStates];
    if (states.length === 0) throw new GoalNotEvaluableError('the run has no steps to check');
    const missed = [
      ...states.filter(([, state]) => state !== 'completed').map(([key, state]) => `${key} (${state})`),
      ...[...target.unfinished].map(([key, why]) => `${key} (${why})`),
    ];
    const count = states.length + [...target.unfinished.keys()].filter((key) => !target.stepStates.has(key)).length;
    if (missed.length === 0) return { met: true, evidence: count === 1 ? 'the one step completed' : `all ${count} steps completed` };
    return { met: false, evidence: `${missed.length} of ${count} step${count === 1 ? '' : 's'} did not complete: ${missed.join(', ')}` };
  },
};
