import type { GoalCheck } from '../goal-check.ts';
import { countWords } from '../count-words.ts';

/** `max_words`: the result has at most this many words. */
export const maxWordsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text }) {
    const max = goal.max_words ?? 0;
    const words = countWords(text);
    return { met: words <= max, evidence: `${words} words (at most ${max} allowed)` };
  },
};
