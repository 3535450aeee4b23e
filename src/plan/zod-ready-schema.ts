import { isMap, mapSubschemas, type JsonSchema } from '../core/json-schema.ts';
import { pushAll } from '../core/push-all.ts';
import { FORMAT_CHECK_KEY, isCheckedFormat } from './json-schema-formats.ts';

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
 * - it fills in the `default`s JSON Schema ignores, converts a schema once per repeat in `type`, reads
 *   `enum` and `const` in ways JSON Schema does not (moveValueChecks), and ignores OpenAPI's `nullable`.
 * - it refuses `dependentRequired` and `dependentSchemas` and ignores `dependencies` (moveDependencies).
 * - it checks `format` by rules of its own, where a json_schema goal checks it by JSON Schema's (moveFormat).
 * Schemas zod cannot express (`if`/`then`, `not`) it refuses: they stay as written.
 */
export function zodReadySchema(schema: JsonSchema): JsonSchema {
  const copy = mapSubschemas(schema, zodReadySchema);
  // An annotation in JSON Schema, a value zod fills in: `{}` passed `required: [a]` where `a` had a default,
  // and parts of an `allOf` with different defaults threw "Unmergable intersection" (found by a review).
  delete copy.default;
  // zod freezes a value checked against `readOnly: true`: the arguments a tool then got could not be changed (found by a review).
  delete copy.readOnly;
  // zod converts a schema once for each entry of `type`: nested, [object, object] doubled at each level
  // (18 levels of an 881-byte schema: 20.7 s and 3.4 GB to convert; found by a review).
  if (Array.isArray(copy.type)) copy.type = [...new Set(copy.type)];
  // OpenAPI 3.0's way to allow null, which MCP servers made from an OpenAPI description write.
  if (copy.nullable === true && copy.type !== undefined) copy.type = [...new Set([...(Array.isArray(copy.type) ? copy.type : [copy.type]), 'null'])];
  delete copy.nullable;
  moveValueChecks(copy);
  moveDependencies(copy);
  splitPatterns(copy);
  moveFormat(copy);
  // zod follows a `$ref` and drops every keyword beside it, where JSON Schema 2020-12 applies them all (a draft-07
  // schema ignores them: checked, they refuse what it would take, never the reverse; found by a differential fuzz).
  if (typeof copy.$ref === 'string' && Object.keys(copy).some((key) => key !== '$ref' && !NOT_CONSTRAINTS.has(key))) {
    addToAllOf(copy, { $ref: copy.$ref });
    delete copy.$ref;
  }
  if (copy.type === undefined && Object.values(TYPE_KEYWORDS).some((keywords) => keywords.some((keyword) => copy[keyword] !== undefined))) copy.type = ALL_TYPES;
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (types.includes('array') && copy.items === undefined && copy.prefixItems === undefined && ARRAY_BOUNDS.some((keyword) => copy[keyword] !== undefined)) copy.items = {};
  // zod's tuple counts an item that takes anything (`{}`) as optional, and then lets `minItems` go (`[]` passed
  // `prefixItems: [{}], minItems: 1`; found by a differential fuzz): checked apart too.
  if ((Array.isArray(copy.prefixItems) || Array.isArray(copy.items)) && typeof copy.minItems === 'number' && copy.minItems > 0) {
    addToAllOf(copy, zodReadySchema({ minItems: copy.minItems }));
  }
  if (isMap(copy.patternProperties) && copy.additionalProperties !== undefined && copy.additionalProperties !== false && copy.additionalProperties !== true) {
    throw new Error('additionalProperties beside patternProperties is not checked by zod: use additionalProperties: false, or list the properties');
  }
  // zod reads `value.__proto__`, which every object has (its prototype), and argument checks refuse an own `__proto__`
  // key: no object can have one, so a schema that requires it takes no object (`{a: 1}` passed; found by a review).
  if (Array.isArray(copy.required) && copy.required.includes('__proto__')) {
    copy.required = copy.required.filter((name) => name !== '__proto__');
    addToAllOf(copy, { type: NOT_OBJECT });
  }
  if (Array.isArray(copy.required)) {
    const properties: Record<string, unknown> = isMap(copy.properties) ? { ...copy.properties } : {};
    // With additionalProperties: false, a required name that is not listed can never be there: no object passes.
    const unlisted = copy.additionalProperties === false ? NEVER : {};
    // With a schema there, listed as `{}` it was no longer checked by it (`{PATH: 42}` passed `additionalProperties:
    // {type: string}`), and listed as that schema it was converted once per name, nested: 728 bytes ran out of
    // memory (both found by reviews). Unlisted, it is checked there; its presence, in a part of its own.
    const checkedThere: string[] = [];
    for (const name of copy.required) {
      if (typeof name !== 'string' || Object.hasOwn(properties, name)) continue;
      if (isMap(copy.additionalProperties)) checkedThere.push(name);
      else if (unlisted === NEVER && copy.patternProperties !== undefined) throw new Error(`required property '${name}' is not in properties, and additionalProperties is false: list it in properties`);
      else Object.defineProperty(properties, name, { value: unlisted, enumerable: true, writable: true, configurable: true });
    }
    if (checkedThere.length > 0) {
      // A set: a list of 160,000 required names, each looked up in the list, took 46 s to load in a plan (found by an adversarial pass).
      const there = new Set(checkedThere);
      copy.required = copy.required.filter((name) => !there.has(name as string));
      addToAllOf(copy, ofObjects([{ type: 'object', required: checkedThere, properties: Object.fromEntries(checkedThere.map((name) => [name, {}])) }]));
    }
    copy.properties = properties;
  }
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return splitCompositions(copy);
}

/**
 * `enum` and `const` as checks zod makes as JSON Schema means them, in an `allOf` beside the schema's other
 * keywords (found by reviews):
 * - zod reads them before anything else and drops the rest (`{type: integer, enum: [a, b]}` took `a`);
 * - it makes a literal of each value, and a literal of a list takes each item (`const: [rm, -rf]` took
 *   `rm`) and one of an object never matches: a list or an object is checked by its shape and items;
 * - it checks an enum of strings and other values (`[open, closed, null]`) as a union with a branch per
 *   value (300 wrong values against 20,000: 5 s and 1.2 GB), where a string enum is one lookup: strings,
 *   other plain values and structured ones are each checked apart.
 */
function moveValueChecks(schema: Record<string, unknown>): void {
  const checks: Record<string, unknown>[] = [];
  if (Object.hasOwn(schema, 'const')) checks.push(valueCheck([schema.const]));
  if (Array.isArray(schema.enum)) checks.push(valueCheck(schema.enum));
  if (checks.length === 0) return;
  const members: unknown[] = Object.hasOwn(schema, 'const') ? [schema.const] : (schema.enum as unknown[]);
  // Both: the const alone when the enum lists it (pydantic's Literal writes `const`, `enum: [same]` and `type`).
  if (checks.length === 2 && (schema.enum as unknown[]).some((value) => JSON.stringify(value) === JSON.stringify(schema.const))) checks.pop();
  delete schema.const;
  delete schema.enum;
  // A `type` every value has says nothing more: without it the check stays one literal (a union of them, one lookup).
  if (schema.type !== undefined && Object.keys(schema).every((key) => key === 'type' || NOT_CONSTRAINTS.has(key))) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v);
    if (members.every((v) => types.includes(typeOf(v)) || (typeof v === 'number' && types.includes('integer') && Number.isInteger(v)))) delete schema.type;
  }
  const alone = Object.keys(schema).every((key) => NOT_CONSTRAINTS.has(key));
  if (alone && checks.length === 1) Object.assign(schema, checks[0]);
  else addToAllOf(schema, ...checks);
}

/**
 * `format` as the check a json_schema goal makes of it, in a part of the `allOf` that `formatChecks` gives it
 * (compileJsonSchema); a format goals do not check is ignored, as JSON Schema says. zod's own checks refused what the
 * format allows (`guides/setup.md` as a `uri-reference`: "must be in the `uri` format"; a date-time with a space),
 * took what it refuses (`https://x.test/a b` as a `uri`) and checked formats JSON Schema leaves alone (`mac`), so a
 * tool's arguments and a goal read one format two ways (found by an adversarial pass).
 */
function moveFormat(schema: Record<string, unknown>): void {
  const { format } = schema;
  delete schema.format;
  // Only zodReadySchema says which format is checked: a schema that wrote the key itself is not.
  delete schema[FORMAT_CHECK_KEY];
  // In a union of one: zod hands the part's own schema, which `formatChecks` gave the check, to `.describe()` when it is
  // all a schema without `type` holds (a `description` beside it, a `$ref` to it), and the copy that makes lacked the
  // check (`{format: email, description: x}` took any string; found by a review). A union keeps the part as it is.
  if (isCheckedFormat(format)) addToAllOf(schema, { anyOf: [{ [FORMAT_CHECK_KEY]: format }] });
}

/** A schema that takes exactly the JSON values `members` (none: no value). */
function valueCheck(members: readonly unknown[]): Record<string, unknown> {
  const strings = members.filter((value) => typeof value === 'string');
  const plain = members.filter((value) => value === null || typeof value === 'number' || typeof value === 'boolean');
  const parts: Record<string, unknown>[] = [];
  if (strings.length > 0) parts.push(strings.length === 1 ? { const: strings[0] } : { enum: strings });
  if (plain.length > 0) parts.push(plain.length === 1 ? { const: plain[0] } : { enum: plain });
  // Each structured value once: an enum of 66,000 `{}` was 66,000 branches (found by a review).
  const seen = new Set<string>();
  for (const value of members) {
    if (typeof value === 'object' && value !== null) {
      const key = JSON.stringify(value);
      if (seen.has(key)) continue;
      seen.add(key);
    }
    if (Array.isArray(value)) parts.push({ type: 'array', prefixItems: value.map((item) => valueCheck([item])), items: false, minItems: value.length });
    else if (isMap(value)) {
      const keys = Object.keys(value);
      parts.push({ type: 'object', properties: Object.fromEntries(keys.map((key) => [key, valueCheck([value[key]])])), required: keys, additionalProperties: false });
    }
  }
  return parts.length === 0 ? { ...NEVER } : parts.length === 1 ? parts[0]! : { anyOf: parts };
}

/**
 * `dependentRequired` and `dependentSchemas`, which zod refuses, and earlier drafts' `dependencies` (either), which it
 * ignored (`{a: 1}` passed `dependencies: {a: [b]}`), as one part of the `allOf`: a value that is no object, or an
 * object that meets an `anyOf` for each name, the name absent or what its presence requires. (An `anyOf` a name over
 * every JSON type made 2,000 names take 0.85 s to compile and 3.5 s to check, found by a review.)
 */
/** What each dependency keyword maps a property name to, in words, for one name and for the map. */
const DEPENDENCY_SHAPES: Readonly<Record<string, { readonly one: string; readonly many: string }>> = {
  dependencies: { one: 'a schema or a list of property names', many: 'schemas or lists of names' },
  dependentRequired: { one: 'a list of property names', many: 'lists of names' },
  dependentSchemas: { one: 'a schema', many: 'schemas' },
};

function moveDependencies(schema: Record<string, unknown>): void {
  const parts: unknown[] = [];
  const absent = (name: string) => ({ type: 'object', properties: { [name]: false } });
  for (const keyword of Object.keys(DEPENDENCY_SHAPES)) {
    const map = schema[keyword];
    if (map === undefined) continue;
    if (!isMap(map)) throw new Error(`\`${keyword}\` must map property names to ${DEPENDENCY_SHAPES[keyword]!.many}`);
    for (const [name, then] of Object.entries(map)) {
      const names = Array.isArray(then) && keyword !== 'dependentSchemas' ? then : undefined;
      if (names?.every((required) => typeof required === 'string')) parts.push({ anyOf: [absent(name), zodReadySchema({ type: 'object', required: [name, ...names] })] });
      else if (keyword !== 'dependentRequired' && (isMap(then) || typeof then === 'boolean')) parts.push({ anyOf: [absent(name), then] });
      else throw new Error(`\`${keyword}\` of ${JSON.stringify(name)} must be ${DEPENDENCY_SHAPES[keyword]!.one}`);
    }
    delete schema[keyword];
  }
  if (parts.length > 0) addToAllOf(schema, ofObjects(parts));
}

/** A schema every value that is no object meets, and every object that meets each of `parts`. */
function ofObjects(parts: readonly unknown[]): Record<string, unknown> {
  return { anyOf: [{ type: NOT_OBJECT }, { type: 'object', allOf: balanced(parts) }] };
}

/**
 * More `patternProperties` than ALL_OF_WIDTH, as parts of the `allOf` of at most that many each: zod checks them as a
 * chain of intersections a pattern, and 5,000 (64 KB) overflowed the stack at every check (found by a review). Apart,
 * each pattern still checks every key it matches. Beside `additionalProperties` as a schema they are refused (below).
 */
function splitPatterns(schema: Record<string, unknown>): void {
  const patterns = schema.patternProperties;
  if (!isMap(patterns) || !(schema.additionalProperties === undefined || schema.additionalProperties === true || schema.additionalProperties === false)) return;
  const entries = Object.entries(patterns);
  if (entries.length <= ALL_OF_WIDTH) return;
  const parts: unknown[] = [];
  // `additionalProperties: false` reads every pattern: as a rule on the names, each a listed property or one a pattern
  // matches, one union of them (3,000 together overflowed the stack at every check; found by a review).
  if (schema.additionalProperties === false) {
    const listed = isMap(schema.properties) ? Object.keys(schema.properties) : [];
    const names = [...(listed.length > 0 ? [{ type: 'string', enum: listed }] : []), ...entries.map(([pattern]) => ({ type: 'string', pattern }))];
    parts.push({ type: 'object', propertyNames: { anyOf: names } });
    delete schema.additionalProperties;
  }
  for (let start = 0; start < entries.length; start += ALL_OF_WIDTH) parts.push({ type: 'object', patternProperties: Object.fromEntries(entries.slice(start, start + ALL_OF_WIDTH)) });
  delete schema.patternProperties;
  addToAllOf(schema, ofObjects(parts));
}

/** `parts` added to the `allOf` of `schema`, after those it has: each a constraint JSON Schema applies beside the rest. */
export function addToAllOf(schema: Record<string, unknown>, ...parts: unknown[]): void {
  schema['allOf'] = [...(Array.isArray(schema['allOf']) ? schema['allOf'] : []), ...parts];
}

/** Every JSON type but object. */
const NOT_OBJECT = ['array', 'string', 'number', 'boolean', 'null'];
/** The most parts one `allOf` is given: zod checks an `allOf` as a chain of intersections, one level deeper a part. */
const ALL_OF_WIDTH = 32;

/**
 * `parts` of an `allOf` grouped into `allOf`s of at most ALL_OF_WIDTH, and those again, so zod's chain of
 * intersections grows with the logarithm of the parts: 3,000 parts (an `allOf` written so, or as many
 * dependencies) overflowed the stack at every check (found by a review).
 */
function balanced(parts: readonly unknown[]): unknown[] {
  if (parts.length <= ALL_OF_WIDTH) return [...parts];
  const groups: unknown[] = [];
  for (let start = 0; start < parts.length; start += ALL_OF_WIDTH) groups.push({ allOf: parts.slice(start, start + ALL_OF_WIDTH) });
  return balanced(groups);
}

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'];
const ANNOTATIONS = new Set(['$schema', '$id', '$defs', 'definitions', 'title', 'description', 'examples', 'default', '$comment', 'deprecated', 'readOnly', 'writeOnly', 'contentMediaType', 'contentEncoding', '$anchor']);
/** Keywords that say nothing about values (and an extension's `x-…`), and stay where references find them. */
const NOT_CONSTRAINTS = { has: (key: string): boolean => ANNOTATIONS.has(key) || key.startsWith('x-') };

/**
 * A schema with `allOf`, `anyOf` or `oneOf` beside other constraints, as one `allOf` of each part:
 * z.fromJSONSchema keeps only one of them (`{type: object, additionalProperties: false, anyOf:
 * [{}]}` took any object, `{allOf: [...], oneOf: [...]}` dropped the `oneOf`), where JSON Schema
 * requires them all.
 */
function splitCompositions(schema: Record<string, unknown>): Record<string, unknown> {
  const present = COMPOSITIONS.filter((key) => Array.isArray(schema[key]));
  const constraints = Object.keys(schema).filter((key) => !NOT_CONSTRAINTS.has(key) && !COMPOSITIONS.includes(key));
  if (present.length === 0) return schema;
  if (present.length === 1 && constraints.length === 0) return present[0] === 'allOf' ? { ...schema, allOf: balanced(schema['allOf'] as unknown[]) } : schema;
  const kept: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_CONSTRAINTS.has(key)) kept[key] = value;
    else if (!COMPOSITIONS.includes(key)) base[key] = value;
  }
  const parts: unknown[] = constraints.length > 0 ? [base] : [];
  for (const key of present) {
    if (key === 'allOf') pushAll(parts, schema[key] as unknown[]);
    else parts.push({ [key]: schema[key] });
  }
  return { ...kept, allOf: balanced(parts) };
}

