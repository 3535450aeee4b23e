import { mapSubschemas, type JsonSchema } from '../core/json-schema.ts';

/** Keywords that constrain only values of one JSON type (JSON Schema 2020-12's validation vocabulary). */
const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas'],
  array: ['items', 'prefixItems', 'contains', 'minItems', 'maxItems', 'uniqueItems', 'minContains', 'maxContains'],
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
};
/** The schema no value meets: the one `not` z.fromJSONSchema takes. */
const NEVER = { not: {} };
/** Every JSON type (`integer` is a kind of `number`). */
const ALL_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'];
/** Array keywords z.fromJSONSchema drops when the schema gives no `items` or `prefixItems`. */
const ARRAY_BOUNDS = ['contains', 'minItems', 'maxItems', 'uniqueItems', 'minContains', 'maxContains'];

/**
 * A copy of `schema` that z.fromJSONSchema enforces as JSON Schema means it. Without this, zod's
 * converter accepts values the schema refuses, silently (a json_schema goal then passes a gate):
 * - it enforces `required` only for names in `properties`: each required name is added as `{}` (as a
 *   schema no value meets where `additionalProperties: false` forbids it: no object passes);
 * - it drops every type-specific keyword of a schema without `type` (`{required: [verdict]}`,
 *   `{minLength: 5}` in an `allOf`): such a schema gets every JSON type, which it keeps for each
 *   type its keywords constrain, as JSON Schema does (a keyword applies to values of its type only);
 * - it drops `minItems`, `maxItems`, `uniqueItems` and `contains` of an array without `items`:
 *   such a schema gets `items: {}`, which allows what no `items` allows.
 * - it keeps one of `allOf`, `anyOf`, `oneOf` and the schema's own constraints: they become one `allOf`.
 * - it ignores the `default`s and repeats in `type` JSON Schema ignores, and checks an enum of strings and
 *   other values as a union of each value (below).
 * Schemas zod cannot express (`if`/`then`, `not`, `dependentRequired`) it refuses: they stay as written.
 */
export function zodReadySchema(schema: JsonSchema): JsonSchema {
  const copy = mapSubschemas(schema, zodReadySchema);
  // An annotation in JSON Schema, a value zod fills in: `{}` passed `required: [a]` where `a` had a default,
  // and parts of an `allOf` with different defaults threw "Unmergable intersection" (found by a review).
  delete copy.default;
  // zod converts a schema once for each entry of `type`: nested, [object, object] doubled at each level
  // (18 levels of an 881-byte schema: 20.7 s and 3.4 GB to convert; found by a review).
  if (Array.isArray(copy.type)) copy.type = [...new Set(copy.type)];
  if (Array.isArray(copy.enum)) splitMixedEnum(copy);
  if (copy.type === undefined && Object.values(TYPE_KEYWORDS).some((keywords) => keywords.some((keyword) => copy[keyword] !== undefined))) copy.type = ALL_TYPES;
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (types.includes('array') && copy.items === undefined && copy.prefixItems === undefined && ARRAY_BOUNDS.some((keyword) => copy[keyword] !== undefined)) copy.items = {};
  if (Array.isArray(copy.required)) {
    const properties: Record<string, unknown> = isObject(copy.properties) ? { ...copy.properties } : {};
    // With additionalProperties: false, a required name that is not listed can never be there: no object passes.
    const unlisted = copy.additionalProperties === false ? NEVER : {};
    for (const name of copy.required) {
      if (typeof name !== 'string' || Object.hasOwn(properties, name)) continue;
      if (unlisted === NEVER && copy.patternProperties !== undefined) throw new Error(`required property '${name}' is not in properties, and additionalProperties is false: list it in properties`);
      properties[name] = unlisted;
    }
    copy.properties = properties;
  }
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  const split = splitCompositions(copy);
  refuseClosedIntersection(split);
  return split;
}

/**
 * An enum of strings and other values (`[open, closed, null]`) as one of a string enum and the others: zod
 * checks a mixed enum as a union with a branch per value, so 300 wrong values against 20,000 took 5 s and
 * 1.2 GB, where a string enum is one lookup (found by a review). Beside other keywords, it joins them in an
 * `allOf` (splitCompositions), which also keeps the `type` zod dropped beside any enum.
 */
function splitMixedEnum(schema: Record<string, unknown>): void {
  const values = schema.enum as unknown[];
  const strings = values.filter((value) => typeof value === 'string');
  const others = values.filter((value) => typeof value !== 'string');
  if (strings.length < 2 || others.length === 0) return;
  delete schema.enum;
  const split = { anyOf: [{ enum: strings }, others.length === 1 ? { const: others[0] } : { enum: others }] };
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), split];
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];
/** Keywords that say nothing about values, and stay where references find them. */
const NOT_CONSTRAINTS = new Set(['$schema', '$id', '$defs', 'definitions', 'title', 'description', 'examples', 'default', '$comment']);

/**
 * A schema with `allOf`, `anyOf` or `oneOf` beside other constraints, as one `allOf` of each part:
 * z.fromJSONSchema keeps only one of them (`{type: object, additionalProperties: false, anyOf:
 * [{}]}` took any object, `{allOf: [...], oneOf: [...]}` dropped the `oneOf`), where JSON Schema
 * requires them all.
 */
function splitCompositions(schema: Record<string, unknown>): Record<string, unknown> {
  const present = COMPOSITIONS.filter((key) => Array.isArray(schema[key]));
  const constraints = Object.keys(schema).filter((key) => !NOT_CONSTRAINTS.has(key) && !COMPOSITIONS.includes(key));
  if (present.length === 0 || (present.length === 1 && constraints.length === 0)) return schema;
  const kept: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_CONSTRAINTS.has(key)) kept[key] = value;
    else if (!COMPOSITIONS.includes(key)) base[key] = value;
  }
  const parts: unknown[] = constraints.length > 0 ? [base] : [];
  for (const key of present) {
    if (key === 'allOf') parts.push(...(schema[key] as unknown[]));
    else parts.push({ [key]: schema[key] });
  }
  return { ...kept, allOf: parts };
}

/**
 * Refuses what zod would check otherwise than JSON Schema: an `allOf` one of whose parts closes an
 * object (`additionalProperties: false`). zod checks the parts as an intersection, where a property
 * another part allows counts as allowed, so `{a: 0}` passed `allOf: [{type: object,
 * additionalProperties: false}, {}]`.
 */
function refuseClosedIntersection(schema: Record<string, unknown>): void {
  if (!Array.isArray(schema.allOf) || schema.allOf.length < 2) return;
  for (const part of schema.allOf) {
    if (isObject(part) && part.additionalProperties === false) {
      throw new Error('additionalProperties: false in a part of allOf, or beside anyOf, oneOf or allOf, cannot be checked as JSON Schema means it: list the allowed properties in one schema with additionalProperties: false and no allOf, anyOf or oneOf beside it');
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
