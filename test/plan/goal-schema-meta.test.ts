// A json_schema goal's schema that `validate` passed could still be one Ajv refuses when the goal is checked, after every
// step has run: `exclusiveMinimum: true` (draft 4's), `title: 5`, `required: [a, a]`, `multipleOf: 0`, `enum: []`, a
// `$dynamicRef` to no anchor… (found by a hunt for bad inputs). Here, on drawn schemas whose keywords take values right
// and wrong, the plan check passes a schema only when Ajv, which checks the goal, compiles it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from '../../src/goals/json-schema-validator.ts';
import { checkGoals } from '../../src/plan/check-goals.ts';

const anyValue = fc.oneof(
  fc.constantFrom(0, -2, 1, 2.5, true, false, null, '', 'a', '1bad', '#foo', 'meta', '#meta', 'number', 'string'),
  fc.constantFrom([], ['a'], ['a', 'a'], ['number'], ['number', 'number'], ['number', 'string'], [1], [{}]),
  fc.constantFrom({}, { a: {} }, { type: 'number' }),
);
const KEYWORDS = ['type', 'enum', 'const', 'multipleOf', 'minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'required', 'title', 'description', '$comment', 'examples', 'default', 'readOnly', 'writeOnly', 'deprecated', 'uniqueItems', '$anchor', '$dynamicAnchor', '$id', '$dynamicRef', '$ref', '$defs', 'minLength', 'maxItems', 'minContains', 'properties', 'items', 'prefixItems', 'contains', 'not', 'allOf', 'anyOf', 'if', 'then', 'propertyNames', 'additionalProperties', 'dependentRequired', 'format', 'pattern'];
const leaf = fc.dictionary(fc.constantFrom(...KEYWORDS), anyValue, { maxKeys: 3 });
// One level of subschemas too, drawn the same way, where a keyword takes a schema or a list or map of them.
const schema = fc.tuple(leaf, fc.constantFrom('not', 'items', 'contains', 'if', 'propertyNames', 'allOf', 'properties', '$defs'), leaf).map(([outer, key, inner]) => ({
  ...outer,
  [key]: key === 'allOf' ? [inner] : key === 'properties' || key === '$defs' ? { a: inner } : inner,
}));

describe("a json_schema goal's schema", () => {
  it('passes the plan check only when the validator that checks the goal compiles it', () => {
    fc.assert(
      fc.property(schema, (drawn) => {
        if (checkGoals([{ name: 'g', json_schema: drawn }], new Set(['1']), true).length > 0) return;
        const check = checkJsonSchema(drawn, 1);
        expect(check.ok ? 'compiled' : check.why).toBe('compiled');
      }),
      { numRuns: 4_000 },
    );
  });
});
