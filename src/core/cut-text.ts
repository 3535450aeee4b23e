/** `text` cut to at most `max` characters, ending in `…` when cut; never between the halves of a character outside the BMP (an emoji). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // A lone high surrogate is no character: GitHub may show it as U+FFFD, or refuse the write.
  const end = max - 1;
  const high = text.charCodeAt(end - 1);
  return `${text.slice(0, high >= 0xd800 && high <= 0xdbff ? end - 1 : end)}…`;
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
