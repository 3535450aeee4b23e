import type { GoalCheck } from '../goal-check.ts';
import { shorten } from '../excerpt.ts';
import { normalizeLinear } from '../../core/normalize-linear.ts';

/** No text is spelt in NFC more than this many times longer or shorter than as written. */
const MOST_NFC_CHANGE = 3;

/**
 * Whether `actual` and `expected` are the same text spelt in one way (NFC: `e` + U+0301 is `é`): a decomposed `résumé`
 * was "expected "résumé", got "résumé"". A result far longer than the goal's text is not composed to find it is not it.
 */
function sameComposed(actual: string, expected: string): boolean {
  if (actual.length > expected.length * MOST_NFC_CHANGE || expected.length > actual.length * MOST_NFC_CHANGE) return false;
  return normalizeLinear(actual, 'NFC') === normalizeLinear(expected, 'NFC');
}

/** `equals`: the result, trimmed, is exactly the expected text, trimmed (each accented letter in one spelling). */
export const equalsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const expected = (goal.equals ?? '').trim();
    const actual = text.trim();
    if (actual === expected || sameComposed(actual, expected)) return { met: true, evidence: `equals "${shorten(expected, 60)}"` };
    return { met: false, evidence: `expected "${shorten(expected, 60)}", got "${shorten(actual, 60)}"` };
  },
};
