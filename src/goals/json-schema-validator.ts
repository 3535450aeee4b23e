import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LinearRegex } from '../core/linear-regex.ts';
import { JSON_SCHEMA_FORMATS } from '../plan/json-schema-problems.ts';

// ajv-formats is CommonJS: under NodeNext its function is the module's `default` (it sets both).
const addFormats = addFormatsModule.default;

/** Every `pattern` (and `patternProperties`) on the linear-time engine: a plan's regex never backtracks over a result. */
const linearRegExp = Object.assign((pattern: string, flags: string) => LinearRegex.compile(pattern, flags), { code: 'linearRegExp' });

/** The most items an array checked for `uniqueItems` may have, and the largest value (JSON characters) so checked: Ajv compares items pairwise. */
export const MAX_UNIQUE_ITEMS = 2_000;
const MAX_UNIQUE_CHECKED_CHARS = 256 * 1024;

/**
 * Ajv, a complete JSON Schema 2020-12 validator, checks json_schema goals, the gate's check. (zod's
 * converter, which checks tool arguments, dropped keywords silently, and a goal passed on a value
 * its schema refused.) What a gate must not loosen is refused when the plan loads
 * (json-schema-problems.ts: unknown keywords and formats, `unevaluated*`, another `$schema`), so Ajv
 * itself is not strict about shapes JSON Schema allows (`minContains: 0`, a property a pattern also
 * names). `allErrors` stays off: with it a recursive `anyOf` costs exponential time in a hostile
 * result's depth. Only own properties count for `required` (`constructor` is not in `{}`).
 * Formats are the specification's (a `url` check was quadratic on hostile text). A schema whose
 * `$id` another one already took (two goals, or two loads as `plan-runner eval` makes) gets an Ajv
 * of its own.
 */
function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, allowMatchingProperties: true, code: { regExp: linearRegExp } });
  addFormats(ajv, [...JSON_SCHEMA_FORMATS]);
  return ajv;
}

let shared: Ajv2020 | undefined;

function validatorFor(schema: object): ValidateFunction {
  const ready = prefixApart(schema) as object;
  try {
    return (shared ??= newAjv()).compile(ready);
  } catch (error) {
    if (error instanceof Error && /already exists/.test(error.message)) return newAjv().compile(ready);
    throw error;
  }
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMAS = ['additionalProperties', 'items', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'contentSchema'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * A copy of `schema` where `prefixItems` (with `items`, which counts from where it ends) is checked as
 * a part of an `allOf`: without allErrors, Ajv 8.20 skips the keywords after `prefixItems` when an
 * array is shorter than it (`{prefixItems: [...], contains: {}}` took `[]`, and `uniqueItems` took
 * `["x", "x"]` under three prefix items), found by the fuzz against a reference Ajv and by review.
 * A `$ref` into the moved keywords no longer resolves: that schema is not evaluable (fails closed).
 */
function prefixApart(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const copy: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  for (const key of SUBSCHEMA_MAPS) {
    const map = copy[key];
    if (map !== null && typeof map === 'object' && !Array.isArray(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([name, inner]) => [name, prefixApart(inner)]));
  }
  for (const key of SUBSCHEMAS) if (key in copy) copy[key] = prefixApart(copy[key]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(prefixApart);
  if ('prefixItems' in copy) {
    const part: Record<string, unknown> = {};
    for (const key of ['prefixItems', 'items']) {
      if (key in copy) part[key] = copy[key];
      delete copy[key];
    }
    copy.allOf = [...(Array.isArray(copy.allOf) ? copy.allOf : []), part];
  }
  return copy;
}

const compiled = new WeakMap<object, ValidateFunction>();

export type JsonSchemaCheck = { readonly ok: true; readonly valid: boolean; readonly errors: readonly ErrorObject[] } | { readonly ok: false; readonly message: string };

/** The length of the longest array in `value`, found without recursion. */
function longestArray(value: unknown): number {
  let longest = 0;
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) {
      longest = Math.max(longest, item.length);
      stack.push(...item);
    } else if (item !== null && typeof item === 'object') stack.push(...Object.values(item));
  }
  return longest;
}

/** Checks `value` against `schema`; `ok: false` when the schema itself cannot be used, or the value is too large for it (and why). */
export function checkJsonSchema(schema: object, value: unknown): JsonSchemaCheck {
  if (JSON.stringify(schema).includes('"uniqueItems":true')) {
    const longest = longestArray(value);
    if (longest > MAX_UNIQUE_ITEMS) return { ok: false, message: `uniqueItems compares an array's items pair by pair, and the result has an array of ${longest} items; at most ${MAX_UNIQUE_ITEMS} are checked` };
    const size = JSON.stringify(value)?.length ?? 0;
    if (size > MAX_UNIQUE_CHECKED_CHARS) return { ok: false, message: `uniqueItems compares an array's items pair by pair, and the result is ${size} characters of JSON; at most ${MAX_UNIQUE_CHECKED_CHARS} are checked with it` };
  }
  let validate = compiled.get(schema);
  try {
    if (!validate) {
      validate = validatorFor(schema);
      compiled.set(schema, validate);
    }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const valid = validate(value);
  return { ok: true, valid, errors: validate.errors ?? [] };
}

/** One of Ajv's errors as evidence: `at changes[1].name: required but missing`. */
export function schemaErrorText(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String((error.params as { missingProperty?: unknown }).missingProperty));
  let where = '';
  for (const part of path) {
    if (/^\d+$/.test(part)) where += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) where += where === '' ? part : `.${part}`;
    else where += `[${JSON.stringify(part)}]`;
  }
  const message = error.keyword === 'required' ? 'required but missing' : (error.message ?? error.keyword);
  return `at ${where === '' ? 'the top level' : where}: ${message}`;
}
