/** `text` with every character a RegExp's syntax reads escaped: the pattern that matches `text` itself. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
