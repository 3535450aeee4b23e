import { visibleText } from '../../core/invisible-characters.ts';
import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, shorten } from '../excerpt.ts';

/**
 * `not_contains`: the text appears nowhere: not in the result's values (strings decoded), not in a
 * key, not in its JSON. A structured result's JSON writes `C:\\Users` for `C:\Users` and `\n` for a
 * line break, so searching the JSON alone missed them. Evidence for a failure is the offending excerpt.
 */
export const notContainsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text, valueText }) {
    const unwanted = goal.not_contains ?? '';
    const places: { name: string; text: string; needle?: string }[] = [
      { name: 'the result', text: valueText.values },
      { name: 'a key of the result', text: valueText.keys },
      { name: "the result's JSON", text },
    ];
    // As a reader sees them too: `AK\u200bIA…` or fullwidth `ＡＫＩＡ` shows the text the goal forbids.
    const unwantedVisible = visibleText(unwanted);
    for (const place of [...places]) places.push({ name: `${place.name} as a reader sees it (invisible characters removed, compatibility forms folded)`, text: visibleText(place.text), needle: unwantedVisible });
    for (const place of places) {
      const needle = place.needle ?? unwanted;
      const index = needle === '' ? -1 : place.text.indexOf(needle);
      if (index < 0) continue;
      return { met: false, evidence: `found "${shorten(unwanted)}" in ${place.name}, line ${lineOf(place.text, index)}: ${excerptAround(place.text, index, needle.length)}` };
    }
    return { met: true, evidence: `"${shorten(unwanted)}" does not appear` };
  },
};
