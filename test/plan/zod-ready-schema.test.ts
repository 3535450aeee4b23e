import { expect, it } from 'vitest';
import { boundedSafeParse } from '../../src/plan/bounded-check.ts';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { zodReadySchema } from '../../src/plan/zod-ready-schema.ts';

// Found by a review: zod fills in defaults (JSON Schema's are annotations), converts a schema once per entry of
// `type` (nested [object, object]: 18 levels of an 881-byte schema took 20.7 s), and checks an enum of strings and
// other values as a union with a branch per value (300 wrong values against 20,000: 5 s and 1.2 GB).
it('drops defaults and repeated types, at every level', () => {
  expect(zodReadySchema({ type: ['object', 'object'], properties: { a: { type: ['string', 'string', 'null'], default: 'x' } }, default: {} })).toEqual({
    type: ['object'],
    properties: { a: { type: ['string', 'null'] } },
  });
});

it('checks an enum as strings, other plain values and structured values apart, beside what else the schema says', () => {
  expect(zodReadySchema({ enum: ['open', 'closed', null], title: 'State' })).toEqual({ anyOf: [{ enum: ['open', 'closed'] }, { const: null }], title: 'State' });
  // zod read an enum or const and dropped the rest: `{type: integer, enum: [a, b]}` took `a`.
  expect(zodReadySchema({ type: 'string', enum: ['a', 'b', 1, 2] })).toEqual({ allOf: [{ type: 'string' }, { anyOf: [{ enum: ['a', 'b'] }, { enum: [1, 2] }] }] });
  expect(zodReadySchema({ enum: ['a', 'b'] })).toEqual({ enum: ['a', 'b'] });
  // A literal of a list took each item (`const: [rm, -rf]` took `rm`); one of an object matched nothing.
  const accepts = (schema: Record<string, unknown>, value: unknown) => {
    const compiled = compileJsonSchema(schema);
    if (!compiled.ok) throw new Error(compiled.message);
    return boundedSafeParse(compiled.schema, value).success;
  };
  expect([accepts({ const: ['rm', '-rf'] }, 'rm'), accepts({ const: ['rm', '-rf'] }, ['rm']), accepts({ const: ['rm', '-rf'] }, ['rm', '-rf'])]).toEqual([false, false, true]);
  expect([accepts({ enum: [{ k: 1 }, 'x'] }, { k: 1 }), accepts({ enum: [{ k: 1 }, 'x'] }, { k: 1, j: 2 }), accepts({ enum: [[1], [2]] }, 2), accepts({ const: [] }, [])]).toEqual([true, false, false, true]);
});

it('applies the keywords beside a $ref, and a nullable type takes null', () => {
  expect(zodReadySchema({ $ref: '#/$defs/a', maxLength: 3 })).toEqual({ allOf: [{ maxLength: 3, type: ['object', 'array', 'string', 'number', 'boolean', 'null'] }, { $ref: '#/$defs/a' }] });
  expect(zodReadySchema({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
});

it('checks dependentRequired, dependentSchemas and earlier drafts\' dependencies, which zod refused or ignored', () => {
  const accepts = (schema: Record<string, unknown>, value: unknown) => {
    const compiled = compileJsonSchema(schema);
    return compiled.ok ? boundedSafeParse(compiled.schema, value).success : compiled.message;
  };
  // `{a: 1}` passed `dependencies: {a: [b]}`; `dependentRequired` and `dependentSchemas` made the tool unusable.
  const names = { $schema: 'http://json-schema.org/draft-07/schema#', dependencies: { a: ['b'], c: { required: ['d'] } } };
  expect([accepts(names, { a: 1 }), accepts(names, { a: 1, b: 2 }), accepts(names, { b: 1 }), accepts(names, { c: 1 }), accepts(names, { c: 1, d: 1 }), accepts(names, 'text')]).toEqual([false, true, true, false, true, true]);
  const current = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false, dependentRequired: { a: ['b'] }, dependentSchemas: { a: { maxProperties: 1 } } };
  expect([accepts(current, { a: 'x' }), accepts(current, {})]).toEqual([false, true]);
  expect(accepts({ dependentRequired: { a: 'b' } }, {})).toBe('`dependentRequired` of "a" must be a list of property names');
  expect(accepts({ dependencies: [] }, {})).toBe('`dependencies` must map property names to schemas or lists of names');
});

// Found by a review: `properties.__proto__ = {}` set the prototype, so `required: [__proto__]` took `{a: 1}`; and
// dependencies chained into one intersection a name overflowed the stack at every check past about 3,000.
it('takes no object where `__proto__` is required, and checks thousands of dependencies or allOf parts', () => {
  const accepts = (schema: Record<string, unknown>, value: unknown) => {
    const compiled = compileJsonSchema(schema);
    return compiled.ok ? boundedSafeParse(compiled.schema, value).success : compiled.message;
  };
  expect([accepts({ required: ['__proto__'] }, { a: 1 }), accepts({ required: ['__proto__'] }, 'text'), accepts({ dependentRequired: { a: ['__proto__'] } }, { a: 1 }), accepts({ dependentRequired: { a: ['__proto__'] } }, { b: 1 })]).toEqual([false, true, false, true]);
  const names = Array.from({ length: 3_200 }, (_, index) => `k${index}`);
  const wide = { type: 'object', dependentRequired: Object.fromEntries(names.map((name, index) => [name, [`k${index + 1}`]])) };
  expect([accepts(wide, { k3199: 1, k3200: 2 }), accepts(wide, { k3199: 1 })]).toEqual([true, false]);
  // An `allOf` written so wide is grouped the same way: 3,200 parts in three levels of at most 32.
  const grouped = zodReadySchema({ allOf: names.map((name) => ({ required: [name] })) });
  const widths = (schema: unknown): number[] => (Array.isArray((schema as { allOf?: unknown[] }).allOf) ? [(schema as { allOf: unknown[] }).allOf.length, ...widths((schema as { allOf: unknown[] }).allOf[0])] : []);
  expect(widths(grouped)).toEqual([4, 32, 32]);
});

// Found by a review: zod checks patternProperties as a chain of intersections a pattern; 5,000 (64 KB) overflowed the stack.
it('checks many patternProperties in groups, each pattern on every key it matches', () => {
  const accepts = (schema: Record<string, unknown>, value: unknown) => {
    const compiled = compileJsonSchema(schema);
    return compiled.ok ? boundedSafeParse(compiled.schema, value).success : compiled.message;
  };
  const patterns = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`^k${index}$`, { type: 'string' }]));
  const schema = { type: 'object', properties: { k39: { minLength: 2 } }, patternProperties: patterns };
  expect([accepts(schema, { k39: 'ab' }), accepts(schema, { k39: 1 }), accepts(schema, { k39: 'a' }), accepts(schema, { k0: 2 }), accepts(schema, { other: 2 }), accepts(schema, 'text')]).toEqual([true, false, false, false, true, false]);
  expect((zodReadySchema({ patternProperties: patterns }).allOf as { anyOf: [unknown, { allOf: unknown[] }] }[])[0]!.anyOf[1].allOf).toHaveLength(2);
  // Beside additionalProperties: false, which reads them all, as a rule on the names too (3,000 overflowed the stack).
  const closed = { type: 'object', properties: { listed: { type: 'number' } }, required: ['k5'], patternProperties: patterns, additionalProperties: false };
  expect([accepts(closed, { k5: 's', k39: 's', listed: 1 }), accepts(closed, { k5: 's', other: 's' }), accepts(closed, { k5: 's', k39: 1 }), accepts(closed, { k39: 's' }), accepts(closed, { k5: 's', listed: 'x' })]).toEqual([true, false, false, false, false]);
});

// Found by a review: a required name missing from `properties` listed with the `additionalProperties` schema was
// converted once per name, nested: 5 names 9 levels deep (728 bytes) ran out of memory.
it('checks required names missing from properties by additionalProperties, converting it once', () => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < 9; level++) schema = { type: 'object', required: ['n0', 'n1', 'n2', 'n3', 'n4'], additionalProperties: schema };
  // Each level once, where the copies had made 5^9.
  expect(JSON.stringify(zodReadySchema(schema)).length).toBeLessThan(20 * JSON.stringify(schema).length);
  const compiled = compileJsonSchema({ type: 'object', required: ['PATH'], additionalProperties: { type: 'string' } });
  if (!compiled.ok) throw new Error(compiled.message);
  expect([{ PATH: 42 }, { PATH: '/bin' }, {}, 'text'].map((value) => boundedSafeParse(compiled.schema, value).success)).toEqual([false, true, false, false]);
});
