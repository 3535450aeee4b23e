import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, shorten } from '../excerpt.ts';

/** `contains`: the text appears verbatim (case matters; use `matches` with `(?i)` otherwise). */
export const containsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const wanted = goal.contains ?? '';
    const index = text.indexOf(wanted);
    if (index < 0) return { met: false, evidence: `missing "${shorten(wanted)}"` };
    return {
      met: true,
      evidence: `found "${shorten(wanted)}" on line ${lineOf(text, index)}: ${excerptAround(text, index, wanted.length)}`,
    };
  },
};
