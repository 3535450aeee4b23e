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

/** canonicalJson before it wrote data without its replacer: JSON.stringify with the replacer for every value. */
function replacerCanonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === 'bigint') return inner.toString();
      if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
      const keys = Object.keys(inner);
      let sorted = true;
      for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
      if (sorted) return inner;
      keys.sort();
      const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const name of keys) copy[name] = (inner as Record<string, unknown>)[name];
      return copy;
    }) ?? 'undefined'
  );
}

/** The text, or the kind of error thrown (a BigInt's wrapper object throws, as JSON.stringify does). */
function outcome(write: (value: unknown) => string, value: unknown): string {
  try {
    return write(value);
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
}

class Point {
  readonly y: number;
  readonly x: number;
  constructor(y: number, x: number) {
    this.y = y;
    this.x = x;
  }
}

// Text JSON.stringify escapes (quotes, backslashes, controls, lone surrogates) and what it writes otherwise
// (-0, NaN, infinities, members left out or written null, wrappers, a class's instance, a Map, typed arrays).
const text = fc.oneof(fc.string(), fc.constantFrom('', '"', '\\', '\u0000', '\n', '\u001f', '\ud800', 'a\udfffb', '\u{1F600}', '\u2028', 'é'));
const oddLeaf = fc.constantFrom<unknown>(-0, Number.NaN, Infinity, -Infinity, () => 1, Symbol('s'), new Number(2), new String('ab'), new Boolean(false), Object(3n), new Point(1, 2), new Map([['a', 1]]), new Set([1]), new Uint8Array([3, 1]), /re/g, { toJSON: 'not callable' }, { toJSON: (key: string) => `at ${key}` }, { toJSON: () => ({ b: 1, a: [{ d: 1, c: 2n }] }) });
const nullProto = (entries: Array<[string, unknown]>): Record<string, unknown> => {
  const object = Object.create(null) as Record<string, unknown>;
  for (const [name, inner] of entries) Object.defineProperty(object, name, { value: inner, enumerable: true, writable: true, configurable: true });
  return object;
};
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, text, oddLeaf, tie('array'), tie('object'), tie('bare'), tie('holey')),
  array: fc.array(tie('value'), { maxLength: 5 }),
  holey: fc.array(tie('value'), { maxLength: 4 }).map((items) => {
    const holey: unknown[] = [];
    holey[items.length + 1] = 0;
    items.forEach((item, i) => i % 2 === 0 && (holey[i] = item));
    return holey;
  }),
  object: fc.array(fc.tuple(fc.oneof(key, text), tie('value')), { maxLength: 6 }).map((entries) => {
    const object: Record<string, unknown> = {};
    for (const [name, inner] of entries) Object.defineProperty(object, name, { value: inner, enumerable: true, writable: true, configurable: true });
    return object;
  }),
  bare: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map(nullProto),
})).value;

describe('canonicalJson', () => {
  it('writes what the replacer wrote, for any value: strings to escape, odd numbers, members left out, objects of no prototype or a class', () => {
    fc.assert(
      fc.property(anyValue, (drawn) => {
        expect(outcome(canonicalJson, drawn)).toBe(outcome(replacerCanonicalJson, drawn));
        expect(outcome(canonicalJson, { b: drawn, a: [drawn] })).toBe(outcome(replacerCanonicalJson, { b: drawn, a: [drawn] }));
      }),
      { numRuns: 3_000 },
    );
  });

  it('writes values deeper than it copies, and a run of nested arrays, as the replacer did; throws on a cycle', () => {
    let deep: unknown = { z: 1, a: 'end' };
    for (let level = 0; level < 200; level++) deep = level % 2 === 0 ? { z: deep, a: level } : [deep, level];
    expect(canonicalJson(deep)).toBe(replacerCanonicalJson(deep));
    const nested = [[[[[[[]]]]]], [[1n]], [[{ b: 1, a: -0 }]]];
    expect(canonicalJson(nested)).toBe(replacerCanonicalJson(nested));
    const cycle: Record<string, unknown> = { b: 1, a: {} };
    (cycle['a'] as Record<string, unknown>)['self'] = cycle;
    expect(() => canonicalJson(cycle)).toThrow(TypeError);
    const sortedCycle: unknown[] = [];
    sortedCycle.push({ a: sortedCycle });
    expect(() => canonicalJson(sortedCycle)).toThrow(TypeError);
  });

  it('sorts an object of many keys, integer keys among them, as the replacer did', () => {
    const names = ['zeta', '10', 'Alpha', 'b', '2', 'é', 'a b', '-1', '01', '4294967295', '4294967294', 'x', 'y', 'c', 'd', 'e', 'f', 'g', 'h', '\u{1F600}', '_'];
    const many: Record<string, unknown> = {};
    for (const [i, name] of names.entries()) many[name] = i % 3 === 0 ? { q: i, p: [i] } : i;
    expect(canonicalJson(many)).toBe(replacerCanonicalJson(many));
    expect(canonicalJson([many, { inner: many }])).toBe(replacerCanonicalJson([many, { inner: many }]));
  });

  it('keeps a __proto__ key whether its object is in order or not', () => {
    for (const json of ['{"__proto__":{"b":1,"a":2},"a":1}', '{"a":1,"__proto__":[1]}', '{"z":{"__proto__":1,"a":0}}', '[{"__proto__":{"y":1}}]']) {
      const parsed = JSON.parse(json) as unknown;
      expect(canonicalJson(parsed)).toBe(replacerCanonicalJson(parsed));
    }
  });

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
