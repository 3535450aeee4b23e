import type { GoalCheck } from '../goal-check.ts';
import { HIDDEN_BY_PAGE } from '../excerpt.ts';
import { countWords } from '../count-words.ts';
import { withoutHtmlComments } from '../rendered-text.ts';

/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it), HTML comments, which a page hides, left out. */
export const minWordsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text } }) {
    const min = goal.min_words ?? 0;
    const words = countWords(text);
    const shown = countWords(withoutHtmlComments(text));
    if (shown >= words) return { met: words >= min, evidence: `${words} words (at least ${min} required)` };
    return { met: shown >= min, evidence: `${shown} words shown (at least ${min} required; ${words} with the text inside HTML comments, ${HIDDEN_BY_PAGE})` };
  },
};
