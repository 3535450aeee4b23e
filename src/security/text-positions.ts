/** The line ending before a blank line: where a Markdown paragraph ends, whatever else ends it sooner. */
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- tried from each line break only, whose blanks are after no other: linear.
export const BLANK_LINE = /(?:\r\n|\r|\n)[ \t]*(?=\r\n|\r|\n|$)/g;

/** A space, tab or line ending: what ends a link's destination. */
export const isSpace = (char: string | undefined): boolean => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** For each place in `text`, the first place at or after it where `stops` holds (the text's length if none), in one pass. */
export function nextWhere(text: string, stops: (at: number) => boolean): Int32Array {
  const next = new Int32Array(text.length + 1);
  next[text.length] = text.length;
  for (let at = text.length - 1; at >= 0; at--) next[at] = stops(at) ? at : next[at + 1]!;
  return next;
}

/** For each place in `text`, where its paragraph ends: the next line ending before a blank line, or the text's end. */
export function paragraphEnds(text: string): Int32Array {
  const blank = new Uint8Array(text.length);
  for (const match of text.matchAll(BLANK_LINE)) blank[match.index] = 1;
  return nextWhere(text, (at) => blank[at] === 1);
}
