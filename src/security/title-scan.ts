import { isSpace, nextWhere, paragraphEnds } from './text-positions.ts';

/**
 * The work micromark may do reading link titles in parentheses (`parenTitleOpeners`) beyond which
 * each such title's `(` is made plain (fullwidth （): a title opened by `(` ends only at a `)`, and is
 * looked for across lines to the end of its paragraph, so each of a thousand `[](b (` read the rest
 * of it (34,000 characters read for a prompt took 9.5 s, 16 KiB posted 3.9 s).
 */
export const MAX_TITLE_SCAN = 400_000;

/**
 * Where a title in parentheses may open (`](destination (`), and at least the characters micromark
 * reads from each looking for its `)`: to the next one no backslash escapes, or to the paragraph's
 * end, taken as the next blank line. A destination is taken to run to the next space.
 */
export function parenTitleOpeners(text: string): { openers: number[]; cost: number } {
  const openers: number[] = [];
  if (!text.includes('](')) return { openers, cost: 0 };
  const escaped = new Uint8Array(text.length);
  for (let at = 1, slashes = text[0] === '\\' ? 1 : 0; at < text.length; at++) {
    escaped[at] = slashes % 2;
    slashes = text[at] === '\\' ? slashes + 1 : 0;
  }
  const nextSpace = nextWhere(text, (at) => isSpace(text[at]));
  const nextClose = nextWhere(text, (at) => text[at] === ')' && escaped[at] === 0);
  const nextBlank = paragraphEnds(text);
  let cost = 0;
  for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 2)) {
    let next = at + 2;
    while (text[next] === ' ' || text[next] === '\t') next++;
    if (text[next] === '\r' || text[next] === '\n') next += text[next] === '\r' && text[next + 1] === '\n' ? 2 : 1;
    while (text[next] === ' ' || text[next] === '\t') next++;
    next = nextSpace[next]!;
    while (isSpace(text[next]) && next < nextBlank[at]!) next++;
    // A destination without spaces holds many `](`: each title is counted once.
    if (text[next] !== '(' || next <= (openers.at(-1) ?? -1)) continue;
    openers.push(next);
    cost += Math.min(nextClose[next + 1]!, nextBlank[next]!) - next;
  }
  return { openers, cost };
}
