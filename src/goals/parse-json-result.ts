import { parseJson } from '../core/parse-json.ts';

/** A result read as JSON, or why it is not JSON. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly why: string };

/** Where the next fence line (three backticks after at most three spaces, at a line start) begins at or after `from`, or -1. */
function fenceLine(text: string, from: number): number {
  for (let at = text.indexOf('```', from); at !== -1; at = text.indexOf('```', at + 3)) {
    let start = at;
    while (start > 0 && at - start < 4 && text[start - 1] === ' ') start--;
    if (at - start <= 3 && (start === 0 || text[start - 1] === '\n')) return at;
  }
  return -1;
}

/**
 * The bodies of the Markdown code fences in `text` whose info string is empty or `json`, in order.
 * A fence opens and closes at a line start, as in CommonMark ("wrapped in ``` as asked" opens
 * none). Found with `indexOf`, in one pass over the text.
 */
export function jsonFences(text: string): string[] {
  const bodies: string[] = [];
  let at = 0;
  for (;;) {
    const open = fenceLine(text, at);
    if (open < 0) break;
    const lineEnd = text.indexOf('\n', open + 3);
    if (lineEnd < 0) break;
    const close = fenceLine(text, lineEnd + 1);
    if (close < 0) break;
    const info = text.slice(open + 3, lineEnd).trim().toLowerCase();
    if (info === '' || info === 'json') bodies.push(text.slice(lineEnd + 1, close).replace(/\r?\n$/, ''));
    at = close + 3;
  }
  return bodies;
}

/**
 * A result as JSON: objects and arrays as they are; strings parsed, also when the JSON sits in a
 * ```json fence (models like to wrap it). Fences that differ are no answer: the first was read, and a
 * model's "Correction: …" in a second fence after `{"approved": true}` passed a gate (found by an
 * adversarial pass).
 */
export function parseJsonResult(value: unknown): ParsedJson {
  if (typeof value !== 'string') return { ok: true, value };
  const trimmed = value.trim();
  const whole = parseJsonText(trimmed);
  if (whole.ok) return whole;
  const fenced = [...new Set(jsonFences(trimmed).map((body) => body.trim()))];
  if (fenced.length > 1) return { ok: false, why: `it holds ${fenced.length} different JSON code blocks, and which one is the answer is not clear; have the step return one` };
  return fenced[0] === undefined ? whole : parseJsonText(fenced[0]);
}

/** `text` parsed as JSON, whole. */
export function parseJsonText(text: string): ParsedJson {
  try {
    return { ok: true, value: parseJson(text) };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}
