import { BLANK_LINE } from './text-positions.ts';

/**
 * The work micromark may do looking for the backticks that close code spans (`codeSpanScanCost`)
 * beyond which every backtick is made plain (fullwidth ｀): an opening run of backticks is matched
 * only by a run of the same length, looked for to the end of its paragraph, so each unmatched one
 * reads the rest of it (16 KiB of `` \``a `` took 2–10 s to post, 34,000 characters 13 s to read).
 */
export const MAX_CODE_SPAN_SCAN = 400_000;

const isAsciiPunctuation = (code: number): boolean => (code >= 33 && code <= 47) || (code >= 58 && code <= 64) || (code >= 91 && code <= 96) || (code >= 123 && code <= 126);

/**
 * At least the characters micromark reads looking for code spans' closing backticks: for each run
 * of backticks that may open one (a backslash escapes the first backtick of a run, not the rest),
 * how far the next run of the same length is (inside a code span a backslash escapes nothing), or
 * the end of its paragraph, taken as the next blank line. A paragraph micromark ends sooner (a
 * heading, a quote's end) only shortens its reads, and runs it never tries (in a link's
 * destination, in HTML) only remove some.
 */
export function codeSpanScanCost(text: string): number {
  if (!text.includes('`')) return 0;
  let cost = 0;
  let from = 0;
  for (const blank of text.matchAll(BLANK_LINE)) {
    cost += paragraphCodeScan(text, from, blank.index);
    from = blank.index + blank[0].length;
  }
  return cost + paragraphCodeScan(text, from, text.length);
}

function paragraphCodeScan(text: string, from: number, end: number): number {
  if (from >= end || !text.slice(from, end).includes('`')) return 0;
  // Runs as a code span's content reads them: each length's starts, in order.
  const runs = new Map<number, { starts: number[]; next: number }>();
  for (let at = from; at < end; ) {
    if (text.charCodeAt(at) !== 96) {
      at++;
      continue;
    }
    const start = at;
    while (at < end && text.charCodeAt(at) === 96) at++;
    const size = at - start;
    const same = runs.get(size) ?? { starts: [], next: 0 };
    same.starts.push(start);
    runs.set(size, same);
  }
  let cost = 0;
  for (let at = from; at < end; ) {
    const code = text.charCodeAt(at);
    if (code === 92 && at + 1 < end && isAsciiPunctuation(text.charCodeAt(at + 1))) {
      at += 2;
      continue;
    }
    if (code !== 96) {
      at++;
      continue;
    }
    const start = at;
    while (at < end && text.charCodeAt(at) === 96) at++;
    // After an escaped backtick, a shorter run than any its content holds (`` \`` `` opens one of 1, holds one of 2).
    const same = runs.get(at - start);
    while (same && same.next < same.starts.length && same.starts[same.next]! < at) same.next++;
    cost += (same?.starts[same.next] ?? end) - start;
  }
  return cost;
}
