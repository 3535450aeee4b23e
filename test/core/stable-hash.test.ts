// Reuse keys in the traces runs have saved are hashes of canonicalJson: a faster canonicalJson must write
// the very text the first one wrote, for every value, or a resume stops reusing what it should.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, stableHash } from '../../src/core/stable-hash.ts';

/** canonicalJson as it was first written: every object copied through its sorted entries. */
function firstCanonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'bigint') return inner.toString();
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
      return Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }) ?? 'undefined'
  );
}

// Keys the engine orders apart (integer keys first), keys that differ only past the first code unit,
// a surrogate pair, `__proto__` and `toJSON`.
const key = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('0', '1', '9', '10', '01', '4294967295', '-1', '1.5', '__proto__', 'toJSON', 'a', 'A', 'é', '\u{1F600}', '\uFFFF'));
const leaf = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.bigInt(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date({ noInvalidDate: false }));
const value = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  // Own keys written in the order drawn; JSON.parse gives `__proto__` as an own key, as a trace read back does.
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => {
    const object: Record<string, unknown> = {};
    for (const [name, inner] of entries) Object.defineProperty(object, name, { value: inner, enumerable: true, writable: true, configurable: true });
    return object;
  }),
})).value;

describe('canonicalJson', () => {
  it('writes what its first version wrote, for any value', () => {
    fc.assert(
      fc.property(value, (drawn) => {
        expect(canonicalJson(drawn)).toBe(firstCanonicalJson(drawn));
      }),
      { numRuns: 2_000 },
    );
  });

  it('sorts keys at every level, integer keys first as the engine orders them, and keeps a __proto__ key', () => {
    const parsed = JSON.parse('{"b":1,"__proto__":{"z":1,"y":2},"10":0,"9":0,"a":[{"d":1,"c":2}]}') as unknown;
    expect(canonicalJson(parsed)).toBe('{"9":0,"10":0,"__proto__":{"y":2,"z":1},"a":[{"c":2,"d":1}],"b":1}');
    expect(canonicalJson(undefined)).toBe('undefined');
    expect(canonicalJson({ n: 10n, d: new Date(0) })).toBe('{"d":"1970-01-01T00:00:00.000Z","n":"10"}');
  });

  it('gives the hashes earlier traces hold', () => {
    expect(stableHash({ step: { key: '1', tool: 'add' }, inputs: null })).toBe('0035f35e73b64cb01f49f4db8de429f7');
  });
});
