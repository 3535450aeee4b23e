// Tool arguments are checked through zod (src/plan/compile-json-schema.ts), whose converter reads JSON Schema
// its own way: it dropped keywords beside an `enum`, `const` or `$ref`, took each item of a list `const`, filled in
// defaults, and kept a key one part of an `allOf` refused when another took it. A differential fuzz against
// @cfworker/json-schema found each; here, on random schemas and values, arguments pass exactly when the reference
// accepts them, and every generated schema compiles but two shapes zod cannot check, beside patternProperties,
// which are refused as unusable.
import { Validator } from '@cfworker/json-schema';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { boundedSafeParse } from '../../src/plan/bounded-check.ts';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';

type Schema = Record<string, unknown>;

const scalar = fc.constantFrom('a', 'b', 'c', '1', 'true', '', 1, 2, 0, 1.5, true, false, null);
const TYPES = ['string', 'number', 'integer', 'boolean', 'null', 'object', 'array'];

const { schema } = fc.letrec<{ schema: Schema; sub: Schema }>((tie) => {
  const keywords: Record<string, fc.Arbitrary<unknown>> = {
    type: fc.oneof(fc.constantFrom(...TYPES), fc.array(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 4 })),
    enum: fc.array(fc.oneof(scalar, scalar, fc.constant({ k: 1 }), fc.constant([1])), { minLength: 1, maxLength: 5 }),
    const: fc.oneof(scalar, fc.constant([1]), fc.constant({ k: 1 })),
    default: fc.oneof(scalar, fc.constant({ a: 1 })),
    minLength: fc.integer({ min: 0, max: 2 }),
    maximum: fc.integer({ min: 0, max: 2 }),
    // `constructor`: a name every object inherits, which zod found on any value.
    properties: fc.record({ a: tie('sub'), b: tie('sub'), default: tie('sub'), constructor: tie('sub') }, { requiredKeys: [] }),
    required: fc.subarray(['a', 'b', 'default', 'constructor']),
    additionalProperties: fc.oneof(fc.constant(false), tie('sub')),
    minProperties: fc.integer({ min: 0, max: 2 }),
    propertyNames: tie('sub'),
    items: tie('sub'),
    prefixItems: fc.array(tie('sub'), { minLength: 1, maxLength: 2 }),
    minItems: fc.integer({ min: 0, max: 2 }),
    contains: tie('sub'),
    minContains: fc.integer({ min: 0, max: 2 }),
    maxContains: fc.integer({ min: 0, max: 2 }),
    uniqueItems: fc.boolean(),
    maxItems: fc.integer({ min: 0, max: 2 }),
    maxLength: fc.integer({ min: 0, max: 2 }),
    maxProperties: fc.integer({ min: 0, max: 2 }),
    pattern: fc.constantFrom('^a', 'b$', '^[0-9]+$'),
    patternProperties: fc.record({ '^a': tie('sub'), '^[0-9]': tie('sub') }, { requiredKeys: [] }),
    multipleOf: fc.constantFrom(0.5, 2),
    exclusiveMinimum: fc.integer({ min: 0, max: 2 }),
    allOf: fc.array(tie('sub'), { minLength: 1, maxLength: 2 }),
    anyOf: fc.array(tie('sub'), { minLength: 1, maxLength: 2 }),
    oneOf: fc.array(tie('sub'), { minLength: 1, maxLength: 2 }),
    dependentRequired: fc.record({ a: fc.subarray(['b', 'default', 'constructor']), b: fc.subarray(['a']) }, { requiredKeys: [] }),
    dependentSchemas: fc.record({ a: tie('sub'), default: tie('sub') }, { requiredKeys: [] }),
    // Earlier drafts' keyword, which the reference applies in every draft, as the argument check does.
    dependencies: fc.record({ a: fc.oneof(fc.subarray(['b', 'default']), tie('sub')), b: tie('sub') }, { requiredKeys: [] }),
    // A definition by name and %-escaped, a pointer into one, an anchor, and definitions that are `true` and `false`.
    $ref: fc.constantFrom('#/$defs/e', '#/$defs/%65', '#/$defs/w/properties/a', '#/$defs/w/items', '#w', '#/$defs/t', '#/$defs/f'),
  };
  return {
    sub: fc.oneof({ depthSize: 'small' }, fc.constant({}), tie('schema')),
    schema: fc.subarray(Object.keys(keywords), { minLength: 1, maxLength: 3 }).chain((names) => fc.record(Object.fromEntries(names.map((name) => [name, keywords[name]!]))) as fc.Arbitrary<Schema>),
  };
});

/** Targets of references inside a definition hold no references: a cycle of them is refused, and the reference overflows its stack. */
const plain = fc.constantFrom<Schema>({}, { type: 'string' }, { minimum: 1 }, { enum: [1, 'a', null] }, { type: 'array', minItems: 1 }, { required: ['a'] });
const root = fc.tuple(schema, fc.array(scalar, { minLength: 2, maxLength: 5 }), plain, plain).map(([written, values, property, items]) => ({
  ...written,
  $defs: { e: { enum: values }, w: { $anchor: 'w', properties: { a: property }, items }, t: true, f: false },
}));
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.constant({ k: 1 }), fc.constant([1]), fc.array(tie('value'), { maxLength: 2 }), fc.dictionary(fc.constantFrom('a', 'b', 'default', 'k', '1', 'a1', 'constructor'), tie('value'), { maxKeys: 2 })),
}));

it('checks tool arguments as a JSON Schema 2020-12 validator does, and compiles every schema', () => {
  fc.assert(
    fc.property(root, fc.array(value, { minLength: 4, maxLength: 4 }), (written, values) => {
      const compiled = compileJsonSchema(written);
      // The shapes refused at compile, as zod would not check them: additionalProperties as a schema beside
      // patternProperties, and a required name neither listed nor open beside patternProperties.
      if (!compiled.ok && /additionalProperties beside patternProperties|is not in properties, and additionalProperties is false/.test(compiled.message)) return;
      expect({ schema: written, compiled: compiled.ok || compiled.message }).toEqual({ schema: written, compiled: true });
      if (!compiled.ok) return;
      for (const candidate of values) {
        const accepted = new Validator(written as never, '2020-12', false).validate(candidate).valid;
        expect({ schema: written, value: candidate, passed: boundedSafeParse(compiled.schema, candidate).success }).toEqual({ schema: written, value: candidate, passed: accepted });
      }
    }),
    { numRuns: 1_000, seed: 20261205 },
  );
});
