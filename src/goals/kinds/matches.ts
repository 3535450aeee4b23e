import type { GoalCheck } from '../goal-check.ts';
import { excerptAround, lineOf, onlyInJson } from '../excerpt.ts';
import { compileGoalRegex } from '../compile-goal-regex.ts';
import { composedValues, ONLY_IN_A_COMMENT, shownValues } from '../without-comments.ts';
import { normalizeLinear } from '../../core/normalize-linear.ts';

/** `matches`: a regular expression (flags as a `(?i)` prefix or the `flags` field) matches somewhere in the result's values. */
export const matchesCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { valueText, text: json, work }) {
    // In one spelling, as the values are read (`composedValues`).
    const regex = compileGoalRegex(normalizeLinear(goal.matches ?? '', 'NFC'), goal.flags);
    const written = composedValues(valueText);
    const text = await shownValues(valueText, goal.matches ?? '');
    work.charge(regex, text);
    const match = regex.exec(text);
    if (!match && text !== written) {
      work.charge(regex, written);
      if (regex.exec(written) !== null) return { met: false, evidence: `no match for ${String(regex)}${ONLY_IN_A_COMMENT}` };
    }
    const inJson = (): boolean => {
      work.charge(regex, json);
      return regex.exec(json) !== null;
    };
    if (!match) return { met: false, evidence: `no match for ${String(regex)}${onlyInJson(json, text, json !== text && inJson())}` };
    return {
      met: true,
      evidence: `${String(regex)} matched on line ${lineOf(text, match.index)}: ${excerptAround(text, match.index, match.text.length)}`,
    };
  },
};
