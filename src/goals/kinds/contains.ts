import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, onlyInJson, shorten } from '../excerpt.ts';
import { composedValues, ONLY_IN_A_COMMENT, shownValues } from '../without-comments.ts';
import { normalizeLinear } from '../../core/normalize-linear.ts';

/** `contains`: the text appears verbatim in the result's values (case matters; use `matches` with `(?i)` otherwise); a key or JSON's own punctuation is not the result saying it. */
export const containsCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { valueText, text: json, work }) {
    // In one spelling, as the values are read (`composedValues`).
    const wanted = normalizeLinear(goal.contains ?? '', 'NFC');
    const written = composedValues(valueText);
    const text = await shownValues(valueText, wanted);
    // Each goal reads the whole result again, on the event loop: charged to the goals' shared bound.
    work.search(text.length, 'contains');
    const index = text.indexOf(wanted);
    const inComment = (): boolean => {
      work.search(written.length, 'contains');
      return written.includes(wanted);
    };
    if (index < 0 && text !== written && inComment()) return { met: false, evidence: `missing "${shorten(wanted)}"${ONLY_IN_A_COMMENT}` };
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
