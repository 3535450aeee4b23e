import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, onlyInJson, shorten } from '../excerpt.ts';

/** `contains`: the text appears verbatim in the result's values (case matters; use `matches` with `(?i)` otherwise); a key or JSON's own punctuation is not the result saying it. */
export const containsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text }, text: json }) {
    const wanted = goal.contains ?? '';
    const index = text.indexOf(wanted);
    if (index < 0) return { met: false, evidence: `missing "${shorten(wanted)}"${onlyInJson(json, text, json.includes(wanted))}` };
    return {
      met: true,
      evidence: `found "${shorten(wanted)}" on line ${lineOf(text, index)}: ${excerptAround(text, index, wanted.length)}`,
    };
  },
};
