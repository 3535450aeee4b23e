import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';

/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it). */
export const minWordsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { values: text } }) {
    const min = goal.min_words ?? 0;
    const words = countWords(text);
    return { met: words >= min, evidence: `${words} words (at least ${min} required)` };
  },
};
