import { cutText } from '../core/cut-text.ts';

// In core, where every folder may take it (the run's messages cut tool arguments); the report's cuts are here.
export { cutText };

/**
 * Rendered Markdown cut to at most `max` characters at the end of a whole line, then `…` on a line of
 * its own. A cut inside a line can leave a code span open, and the text after its backtick would
 * render as Markdown: an image from a tool's output, escaped where it was placed, would load. The
 * renderers keep every construct within one line (code spans, table rows, escapes) except fenced
 * blocks, which a cut leaves open to the end, where nothing renders. A first line longer than
 * `max` leaves only the `…`.
 */
export function cutMarkdown(markdown: string, max: number): string {
  if (markdown.length <= max) return markdown;
  const end = markdown.lastIndexOf('\n', max - 2);
  return end <= 0 ? '…' : `${markdown.slice(0, end)}\n…`;
}

/**
 * `cutMarkdown` by bytes of UTF-8, as GitHub measures some limits (a check run's summary, a job
 * summary): a text within the characters can be over the bytes (three per CJK character, three per
 * zero-width space the neutraliser adds after an `@`).
 */
export function cutMarkdownBytes(markdown: string, maxBytes: number): string {
  const bytes = Buffer.from(markdown, 'utf8');
  if (bytes.length <= maxBytes) return markdown;
  // What fits beside the `\n…` (4 bytes), decoded: a prefix of the text, whose indexes are the text's
  // (a character cut in two becomes one U+FFFD, after the last line break).
  const fits = new TextDecoder().decode(bytes.subarray(0, Math.max(0, maxBytes - 4)));
  const end = fits.lastIndexOf('\n');
  return end <= 0 ? '…' : `${markdown.slice(0, end)}\n…`;
}
