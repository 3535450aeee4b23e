import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_VALUES } from '../core/json-schema.ts';
import { LinearRegex } from '../core/linear-regex.ts';
import { RegexSyntaxError } from '../core/regex-syntax-error.ts';
import { nearestName } from './nearest-name.ts';
import type { PathSegment, PlanIssue } from './plan-issue.ts';

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
/** The formats a json_schema goal checks: JSON Schema 2020-12's that Ajv's formats implement. */
export const JSON_SCHEMA_FORMATS = ['date-time', 'date', 'time', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'uuid'] as const;
const DRAFT_2020_12 = /^https:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
const NUMBERS = ['minimum', 'maximum', 'multipleOf'];
const MAX_SCHEMA_DEPTH = 32;
/** JSON Schema 2020-12's keywords (core, applicator, validation, format, content, meta-data, unevaluated), and draft-07's `definitions`. */
export const KEYWORDS: readonly string[] = [
  '$schema', '$id', '$ref', '$defs', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', 'definitions',
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'prefixItems', 'items', 'contains',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties',
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength',
  'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties', 'required',
  'dependentRequired', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema',
  'title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples',
];

/**
 * How much of a schema is checked beyond its shape: `true` (a goal's json_schema, which gates the
 * job: see strictProblems), `'keywords'` (a tool's input written in the plan: a key that is no keyword
 * is a typo that switched a check off, `requird`), `false` (a schema the plan did not write).
 */
type Strictness = boolean | 'keywords';

/** Keywords of drafts 4 to 2019-09 that 2020-12 dropped or renamed; a tool's `input` may use them (with their `$schema`). */
const EARLIER_DRAFT_KEYWORDS = ['additionalItems', 'dependencies', '$recursiveRef', '$recursiveAnchor', 'id'];

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function compiles(pattern: string): string | undefined {
  try {
    LinearRegex.compile(pattern, 'u');
    return undefined;
  } catch (error) {
    return error instanceof RegexSyntaxError ? error.reason : error instanceof Error ? error.message : String(error);
  }
}

function checkType(type: unknown, path: PathSegment[], issues: PlanIssue[]): void {
  const names = Array.isArray(type) ? type : [type];
  for (const name of names) {
    if (typeof name === 'string' && TYPES.includes(name)) continue;
    const near = typeof name === 'string' ? nearestName(name, TYPES) : undefined;
    const hint = near ? ` — did you mean \`${near}\`?` : `; use one of ${TYPES.join(', ')}`;
    issues.push({ path, message: `JSON Schema type ${JSON.stringify(name)} does not exist${hint}` });
  }
}

function checkSchema(schema: unknown, path: PathSegment[], depth: number, issues: PlanIssue[], strict: Strictness): void {
  if (typeof schema === 'boolean') return;
  if (!isMap(schema)) {
    issues.push({ path, message: 'a JSON Schema must be a map (or true/false)' });
    return;
  }
  if (depth > MAX_SCHEMA_DEPTH) {
    issues.push({ path, message: `the schema nests more than ${MAX_SCHEMA_DEPTH} levels deep` });
    return;
  }
  if (strict === true) strictProblems(schema, path, issues);
  // A tool's arguments are checked by zod's converter, which also reads the earlier drafts' keywords.
  else if (strict === 'keywords') unknownKeywords(schema, path, issues, EARLIER_DRAFT_KEYWORDS);
  if ('type' in schema) checkType(schema.type, [...path, 'type'], issues);
  for (const key of SUBSCHEMA_MAPS) {
    if (!(key in schema)) continue;
    const value = schema[key];
    if (!isMap(value)) issues.push({ path: [...path, key], message: `\`${key}\` must be a map from names to schemas` });
    else for (const [name, inner] of Object.entries(value)) checkSchema(inner, [...path, key, name], depth + 1, issues, strict);
  }
  // Earlier drafts' `dependencies` (a goal's schema refuses it as no 2020-12 keyword): a list of names, or a schema.
  if (strict !== true && 'dependencies' in schema) {
    const value = schema.dependencies;
    if (!isMap(value)) issues.push({ path: [...path, 'dependencies'], message: '`dependencies` must map property names to a schema or a list of property names' });
    else {
      for (const [name, inner] of Object.entries(value)) {
        if (Array.isArray(inner) && inner.every((item) => typeof item === 'string')) continue;
        if (Array.isArray(inner)) issues.push({ path: [...path, 'dependencies', name], message: 'a list of `dependencies` holds property names' });
        else checkSchema(inner, [...path, 'dependencies', name], depth + 1, issues, strict);
      }
    }
  }
  if ('dependentRequired' in schema && !(isMap(schema.dependentRequired) && Object.values(schema.dependentRequired).every((names) => Array.isArray(names) && names.every((name) => typeof name === 'string')))) {
    issues.push({ path: [...path, 'dependentRequired'], message: '`dependentRequired` must map property names to lists of property names' });
  }
  for (const key of SUBSCHEMA_VALUES) {
    if (key in schema) {
      const value = schema[key];
      if (key === 'items' && Array.isArray(value)) value.forEach((inner, index) => checkSchema(inner, [...path, key, index], depth + 1, issues, strict));
      else checkSchema(value, [...path, key], depth + 1, issues, strict);
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (!(key in schema)) continue;
    const value = schema[key];
    if (!Array.isArray(value) || value.length === 0) issues.push({ path: [...path, key], message: `\`${key}\` must be a non-empty list of schemas` });
    else value.forEach((inner, index) => checkSchema(inner, [...path, key, index], depth + 1, issues, strict));
  }
  // Ajv leaves a property named __proto__ out of `properties` (and so of every check on it): `{"__proto__": 5}`
  // passed `properties: {__proto__: {type: string}}`, and `required: [__proto__]` with a `const` beside it.
  const proto = isMap(schema.properties) && Object.hasOwn(schema.properties, '__proto__') ? 'properties' : Array.isArray(schema.required) && schema.required.includes('__proto__') ? 'required' : undefined;
  if (proto) issues.push({ path: [...path, proto], message: 'a property named `__proto__` cannot be checked (the validator leaves it out); check the value another way, such as with a command goal' });
  if ('required' in schema && !(Array.isArray(schema.required) && schema.required.every((name) => typeof name === 'string'))) {
    issues.push({ path: [...path, 'required'], message: '`required` must be a list of property names' });
  }
  if ('enum' in schema && !Array.isArray(schema.enum)) issues.push({ path: [...path, 'enum'], message: '`enum` must be a list of values' });
  for (const key of COUNTS) {
    const value = schema[key];
    if (key in schema && !(Number.isInteger(value) && (value as number) >= 0)) issues.push({ path: [...path, key], message: `\`${key}\` must be a whole number, 0 or more` });
  }
  for (const key of NUMBERS) {
    if (key in schema && typeof schema[key] !== 'number') issues.push({ path: [...path, key], message: `\`${key}\` must be a number` });
  }
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum']) {
    if (key in schema && typeof schema[key] !== 'number' && typeof schema[key] !== 'boolean') issues.push({ path: [...path, key], message: `\`${key}\` must be a number` });
  }
  // In every draft: zod's converter took `multipleOf: 0` and refused every argument with "must be a multiple of 0" at the argument.
  if (strict !== false && typeof schema.multipleOf === 'number' && !(schema.multipleOf > 0)) issues.push({ path: [...path, 'multipleOf'], message: '`multipleOf` must be a number greater than 0' });
  if (strict === true) metaProblems(schema, path, issues, depth);
  if ('pattern' in schema) {
    const problem = typeof schema.pattern === 'string' ? compiles(schema.pattern) : 'it must be text';
    if (problem) issues.push({ path: [...path, 'pattern'], message: `bad \`pattern\`: ${problem}` });
  }
  if (isMap(schema.patternProperties)) {
    for (const pattern of Object.keys(schema.patternProperties)) {
      const problem = compiles(pattern);
      if (problem) issues.push({ path: [...path, 'patternProperties', pattern], at: 'key', message: `bad pattern: ${problem}` });
    }
  }
}

/** `$anchor` and `$dynamicAnchor` as JSON Schema 2020-12 writes them. */
const ANCHOR = /^[A-Za-z_][-A-Za-z0-9._]*$/;

/**
 * A goal's schema against JSON Schema 2020-12's own rules for its keywords' values, which Ajv checks when the goal is
 * checked: `validate` passed `exclusiveMinimum: true` (draft 4's spelling), `title: 5`, `required: [a, a]` and the like,
 * and the goal then could not be evaluated, after every step had run (found by a hunt for bad inputs).
 */
function metaProblems(schema: Record<string, unknown>, path: PathSegment[], issues: PlanIssue[], depth: number): void {
  const problem = (key: string, message: string) => issues.push({ path: [...path, key], message });
  for (const key of ['exclusiveMinimum', 'exclusiveMaximum']) {
    if (typeof schema[key] !== 'boolean') continue;
    const bound = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
    const value = typeof schema[bound] === 'number' ? String(schema[bound]) : 'the bound';
    problem(key, `\`${key}\` is the bound itself in JSON Schema 2020-12 (true or false was draft 4's): write \`${key}: ${value}\` in place of \`${bound}\` and this`);
  }
  for (const key of ['title', 'description', '$comment', '$dynamicRef']) if (key in schema && typeof schema[key] !== 'string') problem(key, `\`${key}\` must be text`);
  for (const key of ['readOnly', 'writeOnly', 'deprecated', 'uniqueItems']) if (key in schema && typeof schema[key] !== 'boolean') problem(key, `\`${key}\` must be true or false`);
  if ('examples' in schema && !Array.isArray(schema.examples)) problem('examples', '`examples` must be a list of values');
  if (Array.isArray(schema.enum) && schema.enum.length === 0) problem('enum', '`enum` must list at least one value (no value could pass an empty one)');
  if (Array.isArray(schema.required) && new Set(schema.required).size !== schema.required.length) problem('required', '`required` names a property twice; name each once');
  if (Array.isArray(schema.type) && (schema.type.length === 0 || new Set(schema.type).size !== schema.type.length)) problem('type', 'a list of types must name at least one, each once');
  for (const key of ['$anchor', '$dynamicAnchor']) if (key in schema && !(typeof schema[key] === 'string' && ANCHOR.test(schema[key]))) problem(key, `\`${key}\` must be a name: a letter or \`_\`, then letters, digits, \`-\`, \`_\` or \`.\``);
  if ('$id' in schema && !(typeof schema.$id === 'string' && /^[^#]*#?$/.test(schema.$id))) problem('$id', '`$id` must be a URI without a fragment (an anchor is `$anchor`)');
  // Below the top it starts another document, which `$ref`s resolve against and which clashed with the top's (`$id: ''`).
  else if ('$id' in schema && depth > 0) problem('$id', "`$id` may be given only at the top of a goal's json_schema (below it, it starts another document); name a subschema with `$anchor` or put it under `$defs`");
}

/** Each key of `schema` that is no JSON Schema keyword (a typo: `requird`), but those in `skip`: a check would ignore it. */
function unknownKeywords(schema: Record<string, unknown>, path: PathSegment[], issues: PlanIssue[], skip: readonly string[] = []): void {
  for (const key of Object.keys(schema)) {
    if (KEYWORDS.includes(key) || skip.includes(key)) continue;
    const near = nearestName(key, KEYWORDS);
    issues.push({ path: [...path, key], at: 'key', message: `\`${key}\` is not a JSON Schema keyword${near ? ` — did you mean \`${near}\`?` : ''}; a check would ignore it` });
  }
}

/**
 * What a json_schema goal's schema must not have, as the gate checks it (Ajv, JSON Schema 2020-12):
 * a key that is no keyword (a typo would loosen the gate), a format it does not check, the `content*`
 * keywords (notes only: nothing is checked by them), the
 * `unevaluated*` keywords (Ajv keeps annotations the specification drops there, so it passes values
 * it should refuse), another draft's `$schema`, a `$ref` to another document, `items` as a list.
 */
function strictProblems(schema: Record<string, unknown>, path: PathSegment[], issues: PlanIssue[]): void {
  for (const key of Object.keys(schema)) {
    if (key === 'unevaluatedProperties' || key === 'unevaluatedItems') {
      issues.push({ path: [...path, key], at: 'key', message: `\`${key}\` is not supported in a goal's json_schema (the validator checks it otherwise than JSON Schema says after if/else and prefixItems); use ${key === 'unevaluatedProperties' ? 'additionalProperties' : 'items'}` });
    }
  }
  unknownKeywords(schema, path, issues, ['unevaluatedProperties', 'unevaluatedItems']);
  // Annotations in 2020-12, never checked (found by an adversarial pass: a contentSchema the decoded text broke passed the gate).
  for (const key of ['contentEncoding', 'contentMediaType', 'contentSchema']) {
    if (key in schema) issues.push({ path: [...path, key], at: 'key', message: `\`${key}\` is not checked in a goal's json_schema (JSON Schema 2020-12 makes it a note, and the validator checks nothing by it); check the text inside with a step that parses it, or a command goal` });
  }
  if ('format' in schema && !(JSON_SCHEMA_FORMATS as readonly string[]).includes(String(schema.format))) {
    const near = typeof schema.format === 'string' ? nearestName(schema.format, JSON_SCHEMA_FORMATS) : undefined;
    issues.push({ path: [...path, 'format'], message: `format ${JSON.stringify(schema.format)} is not checked${near ? ` — did you mean \`${near}\`?` : ''}; use one of ${JSON_SCHEMA_FORMATS.join(', ')}, or a pattern` });
  }
  if ('$schema' in schema && !(typeof schema.$schema === 'string' && DRAFT_2020_12.test(schema.$schema))) {
    issues.push({ path: [...path, '$schema'], message: 'json_schema goals are JSON Schema 2020-12: remove $schema, or give https://json-schema.org/draft/2020-12/schema' });
  }
  if ('$ref' in schema && !(typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))) {
    issues.push({ path: [...path, '$ref'], message: '$ref must point inside this schema (#/$defs/…); other documents are not fetched' });
  }
  if (Array.isArray(schema.items)) issues.push({ path: [...path, 'items'], message: 'in JSON Schema 2020-12 a list of item schemas is prefixItems; items is one schema for the rest' });
}

/**
 * What is wrong with a JSON Schema written in a plan (a tool's `input`, a goal's `json_schema`), at
 * `path`. `strict` (a goal's schema, which gates the job): a key that is no keyword is an error, as
 * Ajv, which checks the goal, would refuse it; a typo (`maxItem`) must not loosen a gate unnoticed.
 */
export function jsonSchemaProblems(schema: unknown, path: readonly PathSegment[], strict: Strictness = false): PlanIssue[] {
  const issues: PlanIssue[] = [];
  checkSchema(schema, [...path], 0, issues, strict);
  return issues;
}
