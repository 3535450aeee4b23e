/** Tool arguments for a message: compact JSON, cut at 200 characters. */
export function showArgs(args: Readonly<Record<string, unknown>>): string {
  const text = JSON.stringify(args) ?? '{}';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
