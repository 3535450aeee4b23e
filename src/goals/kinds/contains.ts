import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, onlyInJson, shorten } from '../excerpt.ts';

/** `contains`: the text appears verbatim in the result's values (case matters; use `matches` with `(?i)` otherwise); a key or JSON's own punctuation is not the result saying it. */
export const containsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text }, text: json, work }) {
    const wanted = goal.contains ?? '';
    // Each goal reads the whole result again, on the event loop: charged to the goals' shared bound.
    work.search(text.length, 'contains');
    const index = text.indexOf(wanted);
    const inJson = (): boolean => {
      work.search(json.length, 'contains');
      return json.includes(wanted);
    };
    if (index < 0) return { met: false, evidence: `missing "${shorten(wanted)}"${onlyInJson(json, text, json !== text && inJson())}` };
    return {
      met: true,
      evidence: `found "${shorten(wanted)}" on line ${lineOf(text, index)}: ${excerptAround(text, index, wanted.length)}`,
    };
  },
};
