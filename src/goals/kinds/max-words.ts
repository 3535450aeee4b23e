import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';
import { countedOnce } from '../counted-once.ts';

/**
 * JSON's escape of a line break, a tab, a carriage return, a form feed or a vertical tab, or an escaped
 * backslash (kept whole, so that the `n` after it is no escape: `C:\\new` is one word).
 */
const ESCAPE = /\\(?:[nrtf]|u000[bB]|\\)/g;

/**
 * `max_words`: the result has at most this many words. A structured result's JSON counts (keys and nulls
 * too), read with its escaped white space as white space: JSON writes a line break in a string as `\n`,
 * which joined the words either side, and 10,000 words a line each passed `max_words: 300` as 2 (found by
 * an adversarial pass).
 */
export const maxWordsCheck: GoalCheck = {
  needsTarget: true,
  async check(goal, { text, value, valueText }) {
    const max = goal.max_words ?? 0;
    const { unspacedWords } = await import('../unspaced-words.ts');
    const words = countedOnce(valueText, 'words of its JSON', () => countWords(typeof value === 'string' ? text : text.replace(ESCAPE, (escape) => (escape === '\\\\' ? escape : ' ')), unspacedWords));
    return { met: words <= max, evidence: `${words} word${words === 1 ? '' : 's'} (at most ${max} allowed)` };
  },
};
