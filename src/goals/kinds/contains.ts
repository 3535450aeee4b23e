import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, HIDDEN_BY_PAGE, lineOf, onlyInJson, shorten } from '../excerpt.ts';
import { withoutHtmlComments } from '../rendered-text.ts';

/**
 * `contains`: the text appears verbatim in the result's values (case matters; use `matches` with `(?i)` otherwise); a key or JSON's own punctuation is not the result saying it.
 * It must also appear outside HTML comments, which the comment and the summary do not show, unless the goal's own text is one.
 */
export const containsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text }, text: json }) {
    const wanted = goal.contains ?? '';
    if (!text.includes(wanted)) return { met: false, evidence: `missing "${shorten(wanted)}"${onlyInJson(json, text, json.includes(wanted))}` };
    const shown = wanted.includes('<!--') ? text : withoutHtmlComments(text);
    const index = shown.indexOf(wanted);
    if (index < 0) return { met: false, evidence: `found "${shorten(wanted)}" only inside an HTML comment, ${HIDDEN_BY_PAGE}` };
    return {
      met: true,
      evidence: `found "${shorten(wanted)}" on line ${lineOf(shown, index)}: ${excerptAround(shown, index, wanted.length)}`,
    };
  },
};
