/** A result read as JSON, or why it is not JSON. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

const FENCE = /```[ \t]*(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```/i;

/**
 * A result as JSON: objects and arrays as they are; strings parsed, also when the JSON sits in a
 * ```json fence (models like to wrap it).
 */
export function parseJsonResult(value: unknown): ParsedJson {
  if (typeof value !== 'string') return { ok: true, value };
  const trimmed = value.trim();
  const whole = tryParse(trimmed);
  if (whole.ok) return whole;
  const fenced = FENCE.exec(trimmed)?.[1];
  return fenced === undefined ? whole : tryParse(fenced.trim());
}

function tryParse(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}
