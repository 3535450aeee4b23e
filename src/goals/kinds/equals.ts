import type { GoalCheck } from '../goal-check.ts';
import { shorten } from '../excerpt.ts';

/** `equals`: the result, trimmed, is exactly the expected text, trimmed. */
export const equalsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const expected = (goal.equals ?? '').trim();
    const actual = text.trim();
    if (actual === expected) return { met: true, evidence: `equals "${shorten(expected, 60)}"` };
    return { met: false, evidence: `expected "${shorten(expected, 60)}", got "${shorten(actual, 60)}"` };
  },
};
