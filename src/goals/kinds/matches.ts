import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, HIDDEN_BY_PAGE, lineOf, onlyInJson } from '../excerpt.ts';
import { compileGoalRegex } from '../compile-goal-regex.ts';
import { withoutHtmlComments } from '../rendered-text.ts';

/**
 * `matches`: a regular expression (flags as a `(?i)` prefix or the `flags` field) matches somewhere in the result's values,
 * and also in them without their HTML comments, which the comment and the summary do not show, unless the pattern names one (`<!`).
 */
export const matchesCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text }, text: json }) {
    const regex = compileGoalRegex(goal.matches ?? '', goal.flags);
    if (!regex.exec(text)) return { met: false, evidence: `no match for ${String(regex)}${onlyInJson(json, text, json !== text && regex.exec(json) !== null)}` };
    const shown = /<\\?!/.test(regex.source) ? text : withoutHtmlComments(text);
    const match = shown === text ? regex.exec(text) : regex.exec(shown);
    if (!match) return { met: false, evidence: `${String(regex)} matched only inside an HTML comment, ${HIDDEN_BY_PAGE}` };
    return {
      met: true,
      evidence: `${String(regex)} matched on line ${lineOf(shown, match.index)}: ${excerptAround(shown, match.index, match.text.length)}`,
    };
  },
};
