import type { GoalCheck } from '../goal-check.ts';
import { countedOnce } from '../counted-once.ts';

/** `max_chars`: the result has at most this many characters (code points, so an emoji counts once). */
export const maxCharsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text, valueText }) {
    const max = goal.max_chars ?? 0;
    const chars = countedOnce(valueText, 'code points', () => [...text].length);
    return { met: chars <= max, evidence: `${chars} characters (at most ${max} allowed)` };
  },
};
