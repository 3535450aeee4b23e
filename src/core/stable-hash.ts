import { hash } from 'node:crypto';

/**
 * JSON.stringify's replacer for `canonicalJson`: every object with its keys sorted. An object whose keys
 * are in order already is written as it is; another is copied in order (into an object with no prototype,
 * so a `__proto__` key is a key). Either way the text is what the copy through sorted entries gave, which
 * reuse keys in earlier traces were made with: the engine still puts integer keys first, in numeric order.
 */
function sortedKeys(_key: string, inner: unknown): unknown {
  if (typeof inner === 'bigint') return inner.toString();
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
  const keys = Object.keys(inner);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (sorted) return inner;
  // The default sort compares UTF-16 code units, as `<` does.
  keys.sort();
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of keys) copy[key] = (inner as Record<string, unknown>)[key];
  return copy;
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortedKeys) ?? 'undefined';
}

/**
 * A SHA-256 of `value`'s canonical JSON, hex, cut to `length` characters. Node's one-shot `hash`, not a
 * `createHash` object: a run makes several per step, and the object cost 1.2 µs a hash against 0.5 µs.
 */
export function stableHash(value: unknown, length = 32): string {
  return hashCanonical(canonicalJson(value), length);
}

/** `stableHash` of the value whose `canonicalJson` is `json`, for a caller that has the text already. */
export function hashCanonical(json: string, length = 32): string {
  return hash('sha256', json).slice(0, length);
}
