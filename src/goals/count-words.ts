/**
 * Letters of the scripts written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer, Myanmar.
 * A token of them is not one word: a 2,000-character Chinese answer passed `max_words: 50` as 1 (found by an
 * adversarial pass).
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Words in a text: whitespace-separated tokens with at least one letter or digit (a lone "—" is not a word). A token
 * with letters of a script written without spaces counts the words `unspacedWords` finds in it (`unspaced-words.ts`,
 * loaded by the checks that count: `我们今天去公园` is 4 words); text written with spaces is counted as before
 * (`don't`, `e-mail` and `foo/bar` are a word each).
 */
export function countWords(text: string, unspacedWords: (token: string) => number): number {
  let count = 0;
  for (const token of text.split(/\s+/)) {
    if (!LETTER_OR_DIGIT.test(token)) continue;
    count += UNSPACED.test(token) ? Math.max(1, unspacedWords(token)) : 1;
  }
  return count;
}
