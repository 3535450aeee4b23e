/** `text` ending in exactly one full stop (or its own `?`, `!`, `…`), so sentences join without "later.." */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
