/** `text` cut to at most `max` characters, ending in `…` when cut. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
