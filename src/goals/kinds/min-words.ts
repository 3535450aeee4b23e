import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';
import { countedOnce } from '../counted-once.ts';
import { shownValues } from '../without-comments.ts';

/** `min_words`: the result's values have at least this many words (keys and nulls are not words of it). */
export const minWordsCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { valueText }) {
    const min = goal.min_words ?? 0;
    const { unspacedWords } = await import('../unspaced-words.ts');
    // The words a reader sees: a comment's are not the result's (`shownValues`).
    const shown = await shownValues(valueText, '');
    const words = countedOnce(valueText, shown === valueText.values ? 'words of its values' : 'words of its values a reader sees', () => countWords(shown, unspacedWords));
    return { met: words >= min, evidence: `${words} word${words === 1 ? '' : 's'} (at least ${min} required)${shown === valueText.values ? '' : ', HTML comments left out'}` };
  },
};
