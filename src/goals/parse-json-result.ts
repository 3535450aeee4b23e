/** A result read as JSON, or why it is not JSON. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

/**
 * The bodies of the Markdown code fences in `text` whose info string is empty or `json`, in order.
 * Found with `indexOf`, in one pass over the text.
 */
export function jsonFences(text: string): string[] {
  const bodies: string[] = [];
  let at = 0;
  for (;;) {
    const open = text.indexOf('```', at);
    if (open < 0) break;
    const lineEnd = text.indexOf('\n', open + 3);
    if (lineEnd < 0) break;
    const close = text.indexOf('```', lineEnd + 1);
    if (close < 0) break;
    const info = text.slice(open + 3, lineEnd).trim().toLowerCase();
    if (info === '' || info === 'json') bodies.push(text.slice(lineEnd + 1, close).replace(/\r?\n$/, ''));
    at = close + 3;
  }
  return bodies;
}

/**
 * A result as JSON: objects and arrays as they are; strings parsed, also when the JSON sits in a
 * ```json fence (models like to wrap it: the first such fence is read).
 */
export function parseJsonResult(value: unknown): ParsedJson {
  if (typeof value !== 'string') return { ok: true, value };
  const trimmed = value.trim();
  const whole = parseJsonText(trimmed);
  if (whole.ok) return whole;
  const fenced = jsonFences(trimmed)[0];
  return fenced === undefined ? whole : parseJsonText(fenced.trim());
}

/** `text` parsed as JSON, whole. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}
