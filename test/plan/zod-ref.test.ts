import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { boundedSafeParse } from '../../src/plan/bounded-check.ts';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { withResolvedRefs } from '../../src/plan/zod-ref.ts';

const refs = (schema: Record<string, unknown>): string[] => Object.values(schema['properties'] as Record<string, { $ref?: string }>).map((property) => property.$ref ?? '(dropped)');

/** Whether `value` passes `schema`, or why the schema is refused. */
function verdict(schema: Record<string, unknown>, value: unknown): boolean | string {
  const compiled = compileJsonSchema(schema);
  return compiled.ok ? boundedSafeParse(compiled.schema, value).success : compiled.message;
}

it('leads each $ref where a JSON Pointer does, one definition per place however it is spelt', () => {
  // zod read `#/$defs/a/properties/x` as `a`, and `#/$defs/a%20b`, `#/definitions/a` in a 2020-12 schema and `false` as nothing.
  const spellings = ['#/$defs/a', '#/$defs/%61', '#/$defs/a/properties/x', '#', '#/$defs/a~1b', '#/$defs/a%20b', '#/definitions/a', '#/$defs/0', '#/$defs/t', '#/$defs/f'];
  const root = { properties: Object.fromEntries(spellings.map((ref, index) => [`p${index}`, { $ref: ref }])), $defs: { a: { properties: { x: { type: 'string' } } }, 'a/b': {}, 'a b': {}, 0: {}, t: true, f: false }, definitions: { a: {} } };
  const resolved = withResolvedRefs(root).schema;
  expect(refs(resolved)).toEqual(['#/$defs/a', '#/$defs/a', '#/$defs/x', '#', '#/$defs/a_b', '#/$defs/a_b_2', '#/$defs/a_2', '#/$defs/0', '(dropped)', '(dropped)']);
  // Each subschema once: a definition stands where its subschema was.
  expect(resolved['$defs']).toEqual({ a: { properties: { x: { $ref: '#/$defs/x' } } }, x: { type: 'string' }, a_b: {}, a_b_2: {}, a_2: {}, 0: {} });
  expect((resolved['properties'] as Record<string, unknown>)['p9']).toEqual({ allOf: [{ not: {} }] });
  // A draft-07 schema's are `definitions`, as zod reads them there.
  const draft = withResolvedRefs({ $schema: 'http://json-schema.org/draft-07/schema#', items: { $ref: '#/definitions/x' }, definitions: { x: { type: 'string' } } }).schema;
  expect(draft).toEqual({ $schema: 'http://json-schema.org/draft-07/schema#', items: { $ref: '#/definitions/x' }, definitions: { x: { type: 'string' } } });
  expect([verdict(root, { p2: 5 }), verdict(root, { p2: 'x' }), verdict(root, { p9: 1 }), verdict(root, { p8: 1, p5: 1 })]).toEqual([false, true, false, true]);
  // A name every object has is not a definition zod's lookup would find on any map.
  expect(refs(withResolvedRefs({ properties: { c: { $ref: '#/$defs/constructor' } }, $defs: { constructor: { type: 'string' } } }).schema)).toEqual(['#/$defs/constructor_2']);
});

it('resolves a $ref against the $id around it, and by anchor', () => {
  // zod read a `$ref` under a nested `$id` against the root: `'str'` passed where the nested definition wants a number.
  const nested = { $defs: { a: { type: 'string' } }, properties: { x: { $id: 'http://example.com/x', $defs: { a: { type: 'number' } }, $ref: '#/$defs/a' } } };
  expect([verdict(nested, { x: 'str' }), verdict(nested, { x: 1 })]).toEqual([false, true]);
  // Relative `$id`s resolve against the root's; a reference may name a resource by its URI.
  const byUri = { $id: 'https://example.com/tools/root.json', properties: { item: { $id: 'item.json', type: 'integer' }, list: { items: { $ref: 'item.json' } }, also: { $ref: 'https://example.com/tools/item.json#' } } };
  expect([verdict(byUri, { list: [1, 2] }), verdict(byUri, { list: ['1'] }), verdict(byUri, { also: 1.5 })]).toEqual([true, false, false]);
  const anchored = { $defs: { a: { $anchor: 'name', type: 'string' }, b: { $id: '#old', minimum: 3 } }, properties: { n: { $ref: '#name' }, o: { $ref: '#old' } }, $schema: 'http://json-schema.org/draft-07/schema#' };
  expect([verdict(anchored, { n: 'x' }), verdict(anchored, { n: 1 }), verdict(anchored, { o: 2 })]).toEqual([true, false, false]);
});

it('refuses a $ref it cannot follow, saying why', () => {
  expect(verdict({ $ref: 'https://example.com/s.json' }, 1)).toMatch(/leads to another document, which is not fetched/);
  expect(verdict({ $ref: '#/$defs//a', $defs: { a: {} } }, 1)).toBe('`$ref` "#/$defs//a" leads nowhere in this schema');
  expect(verdict({ $ref: '#/$defs/a/enum/0', $defs: { a: { enum: [{ type: 'string' }] } } }, 1)).toBe('`$ref` "#/$defs/a/enum/0" leads into `enum`, which holds values, not schemas');
  expect(verdict({ $ref: '#/$defs/a/type', $defs: { a: { type: ['string'] } } }, 1)).toBe('`$ref` "#/$defs/a/type" leads into `type`, which holds values, not schemas');
  expect(verdict({ $ref: '#/$defs/a/type/0', $defs: { a: { type: ['string'] } } }, 1)).toBe('`$ref` "#/$defs/a/type/0" leads into `type`, which holds values, not schemas');
  expect(verdict({ $ref: '#nowhere' }, 1)).toBe('`$ref` "#nowhere" names an anchor no subschema has');
  // A `%` that starts no escape is read as written, as zod did.
  expect([verdict({ $ref: '#/$defs/100%', $defs: { '100%': { type: 'string' } } }, 1), verdict({ $ref: '#/$defs/%E0', $defs: { '%E0': {} } }, 1)]).toEqual([false, true]);
  const twice = { properties: { a: { $id: 'a.json', type: 'string' }, b: { $id: 'a.json', type: 'number' }, c: { $ref: 'a.json' } } };
  expect(verdict(twice, { c: 1 })).toBe('`$ref` "a.json" leads to a URI two different subschemas take as their `$id`: it could mean either');
  // Taken twice and no `$ref` to it, or the same schema written out twice (TypeBox repeats one with its `$id`): no matter.
  expect([verdict({ properties: { a: { $id: 'a.json', type: 'string' }, b: { $id: 'a.json', type: 'number' } } }, { a: 's', b: 1 }), verdict({ properties: { a: { $id: 'u', type: 'string' }, b: { $id: 'u', type: 'string' }, c: { $ref: 'u' } } }, { c: 1 })]).toEqual([true, false]);
  expect(verdict({ $defs: { a: { $anchor: 'x', type: 'string' }, b: { $anchor: 'x' } }, $ref: '#x' }, 1)).toBe('`$ref` "#x" names an anchor two different subschemas take: it could mean either');
  // An `$id` that is no URL (or `schema.json`, beside the base URI given to a schema without one) leaves its fragments usable.
  expect([verdict({ $id: 'https://exa mple.com/s', $defs: { a: { type: 'string' } }, $ref: '#/$defs/a' }, 1), verdict({ properties: { a: { $id: 'schema.json', $defs: { t: { type: 'string' } }, $ref: '#/$defs/t' } }, $defs: { t: {} } }, { a: 1 })]).toEqual([false, false]);
  // A `$ref` to a map of schemas by name: read as a schema it has no keyword, and took every value.
  expect(verdict({ properties: { a: { $ref: '#/$defs' } }, $defs: { Color: { enum: ['red'] } } }, { a: 1 })).toBe('`$ref` "#/$defs" leads to `$defs`, a map of schemas by name, not a schema: add the name');
  expect(verdict({ properties: { a: { $ref: 5 } } }, {})).toBe('`$ref` must be a URI (text), not 5');
  // zod ignored both: any value passed.
  expect(verdict({ $dynamicRef: '#meta', type: 'string' }, 1)).toMatch(/`\$dynamicRef` is not followed/);
  expect(verdict({ properties: { a: { $recursiveRef: '#' } } }, 1)).toMatch(/`\$recursiveRef` is not followed/);
});

it('converts a definition once however many ways its references spell it, and checks each reference by it', () => {
  // 200 spellings of a definition of 2,000 properties (a 77 KB schema) took 4.5 s to convert, holding the loop.
  const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'string' }])) };
  const spell = (index: number) => ['z', '%7a', '%7A'][index % 3]! + ['z', '%7a', '%7A'][Math.floor(index / 3) % 3]! + ['z', '%7a', '%7A'][Math.floor(index / 9)]!;
  const properties = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`r${index}`, { $ref: `#/$defs/${spell(index)}` }]));
  const compiled = compileJsonSchema({ type: 'object', properties, $defs: { zzz: big } });
  if (!compiled.ok) throw new Error(compiled.message);
  const shape = (compiled.schema as unknown as z.ZodObject).shape as Record<string, z.ZodOptional>;
  expect(new Set(Object.values(shape).map((property) => property.unwrap())).size).toBe(1);
  expect(compiled.schema.safeParse({ r0: { p0: 'x' }, r19: { p199: 'y' } }).success).toBe(true);
  expect(compiled.schema.safeParse({ r19: { p199: 1 } }).success).toBe(false);
});

it('copies each subschema once, however many references lead into it', () => {
  // 400 levels of nesting, an anchor at each, and a reference to each: copying what each reference reached made
  // 80,000 copies of a level from a schema of 400.
  let nested: Record<string, unknown> = { type: 'string' };
  for (let level = 400; level > 0; level--) nested = { $anchor: `l${level}`, properties: { n: nested } };
  const root = { properties: { tree: nested, ...Object.fromEntries(Array.from({ length: 400 }, (_, index) => [`r${index}`, { $ref: `#l${index + 1}` }])) } };
  const written = JSON.stringify(root).length;
  expect(JSON.stringify(withResolvedRefs(root).schema).length).toBeLessThan(2 * written);
});

// Found by a review of the resolution.
describe('what a review found', () => {
  it('names no resource by a URI, and no anchor, too long to look up in time', () => {
    // 2,000 `$id`s of one length past 16 K characters, which V8 hashes by their length alone: 15.8 s to compile.
    const base = `https://x.example/${'p'.repeat(100_000)}/`;
    const ids = { $id: base, properties: Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`p${index}`, { $id: `c${index}`, $defs: { s: { type: 'string' } }, $ref: '#/$defs/s' }])) };
    expect([verdict(ids, { p499: 's' }), verdict(ids, { p499: 1 })]).toEqual([true, false]);
    // Relative to it, references still lead where they should; by the long URI itself, nowhere.
    expect(verdict({ $id: base, properties: { a: { $id: 'c1', type: 'string' }, b: { $ref: 'c1' } } }, { b: 1 })).toBe(false);
    expect(verdict({ $id: base, properties: { a: { $id: 'c1', type: 'string' }, b: { $ref: `${base}c1` } } }, { b: 1 })).toMatch(/^`\$ref` "https:\/\/x\.example\/p+…" leads to a URI of 100021 characters, longer than the 2048 followed$/);
    expect(verdict({ $defs: { a: { $anchor: 'a'.repeat(3_000) } }, $ref: `#${'a'.repeat(3_000)}` }, {})).toMatch(/names an anchor no subschema has$/);
  });

  it('reads a subschema in two places (a YAML alias) in each place\'s resource', () => {
    const shared = { $ref: '#/$defs/t' };
    const schema = {
      type: 'object',
      $defs: {
        r1: { $id: 'https://a.example/r1', $defs: { t: { type: 'string' } }, properties: { x: shared } },
        r2: { $id: 'https://a.example/r2', $defs: { t: true }, properties: { x: shared } },
      },
      properties: { one: { $ref: 'https://a.example/r1' }, two: { $ref: 'https://a.example/r2' } },
    };
    expect([verdict(schema, { one: { x: 5 } }), verdict(schema, { two: { x: 5 } }), verdict(schema, { one: { x: 's' } })]).toEqual([false, true, true]);
  });

  it('ignores an $id beside a $ref in a draft-07 schema, and reads only `id` in a draft-04 one', () => {
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', definitions: { a: { type: 'string' } }, properties: { x: { $id: 'http://o.example/s.json', $ref: '#/definitions/a', definitions: { a: true } } } };
    expect(verdict(draft7, { x: 1 })).toBe(false);
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', definitions: { a: { type: 'string' } }, properties: { x: { $id: 'http://o.example/s.json', properties: { y: { $ref: '#/definitions/a' } }, definitions: { a: {} } } } };
    expect(verdict(draft4, { x: { y: 1 } })).toBe(false);
    const idFour = { $schema: 'http://json-schema.org/draft-04/schema#', definitions: { a: { type: 'string' } }, properties: { x: { id: 'http://o.example/s.json', properties: { y: { $ref: '#/definitions/a' } }, definitions: { a: {} } } } };
    expect(verdict(idFour, { x: { y: 1 } })).toBe(true);
  });

  it('quotes a reference in a message as the schema spells it', () => {
    expect(verdict({ $defs: { 'a b': { anyOf: [{ $ref: '#/$defs/a%20b' }] } }, $ref: '#/$defs/a%20b' }, 1)).toMatch(/^`\$ref: '#\/\$defs\/a%20b'` leads back to itself/);
  });

  it('follows a pointer to a map under no schema keyword, as an OpenAPI description keeps its schemas', () => {
    const openapi = { type: 'object', properties: { pet: { $ref: '#/components/schemas/Pet' } }, components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { tag: { $ref: '#/components/schemas/Tag' } } }, Tag: { type: 'string' } } } };
    expect([verdict(openapi, { pet: { name: 'a', tag: 't' } }), verdict(openapi, { pet: {} }), verdict(openapi, { pet: { name: 'a', tag: 1 } })]).toEqual([true, false, false]);
    // The map of them, or of a schema's properties, is no schema: read as one it took every value.
    expect(verdict({ ...openapi, properties: { pet: { $ref: '#/components/schemas' } } }, { pet: 5 })).toBe('`$ref` "#/components/schemas" leads to a map with no JSON Schema keyword, not a schema');
    expect(verdict({ ...openapi, properties: { pet: { $ref: '#/components/schemas/Pet/properties' } } }, { pet: 5 })).toBe('`$ref` "#/components/schemas/Pet/properties" leads to a map with no JSON Schema keyword, not a schema');
  });

  it('finds an anchor in the resource the reference is in, even where another takes the same $id', () => {
    const schema = { type: 'object', properties: { a: { $id: 'http://x.test/T', $defs: { x: { $anchor: 'x' } } }, b: { $id: 'http://x.test/T', type: 'object', properties: { v: { $ref: '#x' } } } } };
    expect(verdict(schema, { b: { v: 5 } })).toBe('`$ref` "#x" names an anchor no subschema has');
  });
});
