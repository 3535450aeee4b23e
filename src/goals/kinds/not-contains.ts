import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, shorten } from '../excerpt.ts';

/** `not_contains`: the text never appears; evidence for a failure is the offending excerpt. */
export const notContainsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const unwanted = goal.not_contains ?? '';
    const index = text.indexOf(unwanted);
    if (index < 0) return { met: true, evidence: `"${shorten(unwanted)}" does not appear` };
    return {
      met: false,
      evidence: `found "${shorten(unwanted)}" on line ${lineOf(text, index)}: ${excerptAround(text, index, unwanted.length)}`,
    };
  },
};
