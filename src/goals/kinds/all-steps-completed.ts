import type { GoalCheck } from '../goal-check.ts';
import { GoalNotEvaluableError } from '../goal-not-evaluable-error.ts';

/** `all_steps_completed`: every step of the final plan completed; evidence lists those that did not. */
export const allStepsCompletedCheck: GoalCheck = {
  needsTarget: false,
  check(_goal, { target }) {
    const states = [...target.stepStates];
    if (states.length === 0) throw new GoalNotEvaluableError('the run has no steps to check');
    const notCompleted = states.filter(([, state]) => state !== 'completed');
    if (notCompleted.length === 0) return { met: true, evidence: `all ${states.length} steps completed` };
    const listed = notCompleted.map(([key, state]) => `${key} (${state})`).join(', ');
    return { met: false, evidence: `${notCompleted.length} of ${states.length} steps did not complete: ${listed}` };
  },
};
