import { cutText } from '../core/cut-text.ts';

// In core, where every folder may take it (the run's messages cut tool arguments); the report's cuts are here.
export { cutText };

/** A line that opens a fenced code block: up to three spaces, then three or more backticks or tildes. */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})([^\r]*)/;
/** A line that may close one: the fence alone, up to three spaces before it and blanks after. */
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;

/** Where a cut may end: at a line break, and the fence a code block open there needs to close. */
interface LineEnd {
  /** The index of the line break. */
  readonly index: number;
  /** The UTF-8 bytes before it. */
  readonly bytes: number;
  readonly openFence?: string;
}

/** Every line break of `markdown` in its first `chars` characters, with the fenced code block open there, if any. */
function lineEnds(markdown: string, chars: number): LineEnd[] {
  const ends: LineEnd[] = [];
  let fence: string | undefined;
  let start = 0;
  let bytes = 0;
  while (start <= chars) {
    const index = markdown.indexOf('\n', start);
    if (index < 0 || index > chars) break;
    const line = markdown.slice(start, index);
    if (fence === undefined) {
      const open = FENCE_OPEN.exec(line);
      // A backtick fence's info string holds no backtick (else the line is text with a code span).
      if (open && !(open[1]!.startsWith('`') && open[2]!.includes('`'))) fence = open[1];
    } else {
      const close = FENCE_CLOSE.exec(line)?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
    }
    bytes += Buffer.byteLength(line);
    ends.push({ index, bytes, ...(fence !== undefined && { openFence: fence }) });
    bytes += 1; // the line break
    start = index + 1;
  }
  return ends;
}

/**
 * `markdown` up to its last line break where what is kept, a fence closing a code block open there and
 * `\n…` fit within `fits` (given the kept characters, the kept bytes and the length of what follows).
 */
function cutAtLine(markdown: string, chars: number, fits: (index: number, bytes: number, tail: number) => boolean): string {
  const ends = lineEnds(markdown, chars);
  for (let at = ends.length - 1; at >= 0; at--) {
    const { index, bytes, openFence } = ends[at]!;
    if (index <= 0) break;
    const close = openFence === undefined ? '' : `\n${openFence}`;
    if (fits(index, bytes, close.length + 2)) return `${markdown.slice(0, index)}${close}\n…`;
  }
  return '…';
}

/**
 * Rendered Markdown cut to at most `max` characters at the end of a whole line, then `…` on a line of
 * its own. A cut inside a line can leave a code span open, and the text after its backtick would
 * render as Markdown: an image from a tool's output, escaped where it was placed, would load. The
 * renderers keep every construct within one line (code spans, table rows, escapes) except fenced
 * blocks: a cut inside one closes it, so the `…` and what a caller puts after the cut (a comment's
 * "For commit" line, a link to the run) are not shown as code. A first line longer than `max` leaves
 * only the `…`.
 */
export function cutMarkdown(markdown: string, max: number): string {
  if (markdown.length <= max) return markdown;
  return cutAtLine(markdown, max, (index, _bytes, tail) => index + tail <= max);
}

/**
 * `cutMarkdown` by bytes of UTF-8, as GitHub measures some limits (a check run's summary, a job
 * summary): a text within the characters can be over the bytes (three per CJK character, three per
 * zero-width space the neutraliser adds after an `@`).
 */
export function cutMarkdownBytes(markdown: string, maxBytes: number): string {
  if (Buffer.byteLength(markdown) <= maxBytes) return markdown;
  // `…` is 3 bytes; a character is at least one byte, so no line past `maxBytes` characters fits.
  return cutAtLine(markdown, maxBytes, (_index, bytes, tail) => bytes + tail + 2 <= maxBytes);
}
