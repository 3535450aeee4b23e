import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';
import type { ValueText } from '../value-text.ts';

/** Each value's words, counted once for all the `min_words` goals on it (as `max_chars` counts its characters). */
const counted = new WeakMap<ValueText, number>();

/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it). */
export const minWordsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText }) {
    const min = goal.min_words ?? 0;
    let words = counted.get(valueText);
    if (words === undefined) counted.set(valueText, (words = countWords(valueText.values)));
    return { met: words >= min, evidence: `${words} words (at least ${min} required)` };
  },
};
