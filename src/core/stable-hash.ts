import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return inner.toString();
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }) ?? 'undefined';
}

/** A SHA-256 of `value`'s canonical JSON, hex, cut to `length` characters. */
export function stableHash(value: unknown, length = 32): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, length);
}
