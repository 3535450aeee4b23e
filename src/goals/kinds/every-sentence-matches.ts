import type { GoalCheck } from '../goal-check.ts';
import { compileGoalRegex } from '../compile-goal-regex.ts';
import { shorten } from '../excerpt.ts';
import { withoutHtml } from '../without-html.ts';
import { splitSentences } from '../split-sentences.ts';
import { normalizeLinear } from '../../core/normalize-linear.ts';

/**
 * `every_sentence_matches`: each sentence has a match; evidence for a failure is the first that has none. The
 * sentences are those a reader sees, without HTML comments and tags: `The tram opened in 2023 <!-- [3] -->.` met
 * a citation pattern with a citation no one reading the page sees (found by an adversarial pass).
 */
export const everySentenceMatchesCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { valueText: { strings: text }, work }) {
    // Each accented letter in one spelling (NFC), the pattern's and the sentences', as `matches` reads them.
    const regex = compileGoalRegex(normalizeLinear(goal.every_sentence_matches ?? '', 'NFC'), goal.flags);
    const composed = normalizeLinear(text, 'NFC');
    // Bounded as one call on the whole text, as `matches` is: each sentence fitted the bound, and a pattern
    // of 10,000 steps over 160 KB of sentences held the event loop 27 s (found by an adversarial hunt). On the text
    // the sentences are read from: NFC writes some letters in two or three characters (U+0958 is U+0915 U+093C).
    work.charge(regex, composed);
    const sentences = splitSentences(withoutHtml(composed));
    // "Every sentence of nothing" is vacuously true; an empty result is not what the goal asked for.
    if (sentences.length === 0) return { met: false, evidence: 'the result has no sentences' };
    const index = sentences.findIndex((sentence) => !regex.test(sentence));
    if (index < 0) return { met: true, evidence: `all ${sentences.length} sentences match ${String(regex)}` };
    return {
      met: false,
      evidence: `sentence ${index + 1} of ${sentences.length} has no match for ${String(regex)}: "${shorten(sentences[index] ?? '', 200)}"`,
    };
  },
};
