/**
 * JSON text of a step result, which may hold what JSON cannot (a tool written in JS may return a bigint or
 * a value that holds itself): a bigint as its digits and a cycle as `"[Circular]"`, as the trace writes
 * them. `JSON.stringify` threw on both, and a view that showed the result (the log's checklist, the PR
 * comment) lost the step's line. Undefined where JSON has no text (undefined, a function, a value nested past the stack).
 */
export function resultJson(result: unknown, space?: number): string | undefined {
  // What JSON.stringify would write for these, without its machinery: most results of a long run's steps are such.
  if (typeof result === 'boolean' || result === null || (typeof result === 'number' && Number.isFinite(result))) return String(result);
  try {
    return JSON.stringify(result, null, space);
  } catch {
    try {
      return JSON.stringify(acyclic(result, new Set()), (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), space);
    } catch {
      // Nested past the stack, or a toJSON that throws: no JSON text (the caller shows what String() gives).
      return undefined;
    }
  }
}

/** A copy of `value` with each object that holds itself (an ancestor met again) as `"[Circular]"`. */
function acyclic(value: unknown, ancestors: Set<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Dates and other values that say how they serialise, as JSON.stringify asks them.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return acyclic(toJSON.call(value), ancestors);
  if (ancestors.has(value)) return '[Circular]';
  ancestors.add(value);
  const copy = Array.isArray(value) ? value.map((item) => acyclic(item, ancestors)) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, acyclic(item, ancestors)]));
  ancestors.delete(value);
  return copy;
}

/** A step result as text: strings as they are, everything else as indented JSON. */
export function resultText(result: unknown): { readonly text: string; readonly json: boolean } {
  if (typeof result === 'string') return { text: result, json: false };
  const json = resultJson(result, 2);
  return json === undefined ? { text: String(result), json: false } : { text: json, json: true };
}
