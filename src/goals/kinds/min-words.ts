import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';
import { countedOnce } from '../counted-once.ts';

/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it). */
export const minWordsCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { valueText }) {
    const min = goal.min_words ?? 0;
    const { unspacedWords } = await import('../unspaced-words.ts');
    const words = countedOnce(valueText, 'words of its values', () => countWords(valueText.values, unspacedWords));
    return { met: words >= min, evidence: `${words} word${words === 1 ? '' : 's'} (at least ${min} required)` };
  },
};
