/** Words in a text: whitespace-separated tokens with at least one letter or digit (a lone "—" is not a word). */
export function countWords(text: string): number {
  let count = 0;
  for (const token of text.split(/\s+/)) if (/[\p{L}\p{N}]/u.test(token)) count++;
  return count;
}
