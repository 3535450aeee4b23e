/** `text` cut to at most `max` characters, ending in `…` when cut; never between the halves of a character outside the BMP (an emoji). */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // A lone high surrogate is no character: GitHub may show it as U+FFFD, or refuse the write.
  const end = max - 1;
  const high = text.charCodeAt(end - 1);
  return `${text.slice(0, high >= 0xd800 && high <= 0xdbff ? end - 1 : end)}…`;
}
