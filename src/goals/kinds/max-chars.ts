import type { GoalCheck } from '../goal-check.ts';

/** `max_chars`: the result has at most this many characters (code points, so an emoji counts once). */
export const maxCharsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const max = goal.max_chars ?? 0;
    const chars = [...text].length;
    return { met: chars <= max, evidence: `${chars} characters (at most ${max} allowed)` };
  },
};
