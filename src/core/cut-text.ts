/**
 * How many of `text`'s UTF-16 units a cut to at most `max` keeps: `max`, or one less where the cut would fall
 * between the halves of a character outside the BMP (an emoji). A lone half is no character: GitHub may show
 * it as U+FFFD, or refuse the write. Every cut of text goes through here (ESLint refuses a raw one in `src/`).
 */
export function keptUnits(text: string, max: number): number {
  if (max <= 0) return 0;
  if (max >= text.length) return text.length;
  const high = text.charCodeAt(max - 1);
  return high >= 0xd800 && high <= 0xdbff ? max - 1 : max;
}

/** `text` cut to at most `max` characters, ending in `…` when cut; never between the halves of a character outside the BMP (an emoji). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, keptUnits(text, max - 1))}…`;
}

/** `text` cut to at most its last `max` characters, starting with `…` when cut; never between the halves of a character. */
export function cutTextStart(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - Math.max(0, max - 1);
  const low = text.charCodeAt(start);
  if (low >= 0xdc00 && low <= 0xdfff && start < text.length) start++;
  // eslint-disable-next-line plan-runner/no-raw-text-cut -- `start` is after a low half, never between two.
  return `…${text.slice(start)}`;
}

/** `…` in UTF-8. */
const ELLIPSIS_BYTES = 3;

/** `text` cut to at most `maxBytes` bytes of UTF-8, ending in `…` when cut; never inside a character. */
export function cutTextBytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  // Streamed, the decoder keeps back a character whose bytes the cut split, rather than writing U+FFFD for it.
  return `${new TextDecoder('utf-8').decode(bytes.subarray(0, Math.max(0, maxBytes - ELLIPSIS_BYTES)), { stream: true })}…`;
}
