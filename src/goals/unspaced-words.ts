let segmenter: Intl.Segmenter | undefined;

/**
 * The words Unicode's word boundaries find in `token`, which ICU's dictionaries draw for the scripts written without
 * spaces (`我们今天去公园`: 我们, 今天, 去, 公园; `私は東京に住んでいます`, 8). Its own module, loaded by the checks
 * that count words: a segmenter starts ICU's word data, which the action's start need not load.
 */
export function unspacedWords(token: string): number {
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  let count = 0;
  for (const segment of segmenter.segment(token)) if (segment.isWordLike === true) count++;
  return count;
}
