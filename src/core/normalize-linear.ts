/** More combining marks in a row than any writing puts on one letter: Unicode's stream-safe text format allows 30. */
const LONG_MARK_RUN = /\p{M}{31,}/u;
const LONG_MARK_RUNS = new RegExp(LONG_MARK_RUN.source, 'gu');

/**
 * `text.normalize(form)` in time linear in its length. ICU puts a run of combining marks in order by inserting each
 * one in its place, so a run of marks of two classes in turn (`a` then U+0301 U+0316 …) took time quadratic in the
 * run: 160,000 marks held the event loop 5.5 s, and a 16 MiB result would hold it for hours (found by the review of
 * the fix that read goals in NFC). A run of more than 30 marks, which no writing has, is kept as written and the text
 * around it normalised.
 */
export function normalizeLinear(text: string, form: 'NFC' | 'NFD' | 'NFKC' | 'NFKD'): string {
  if (!LONG_MARK_RUN.test(text)) return text.normalize(form);
  let normalized = '';
  let at = 0;
  for (const run of text.matchAll(LONG_MARK_RUNS)) {
    normalized += text.slice(at, run.index).normalize(form) + run[0];
    at = run.index + run[0].length;
  }
  return normalized + text.slice(at).normalize(form);
}
