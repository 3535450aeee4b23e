import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LinearRegex } from '../core/linear-regex.ts';
import { JSON_SCHEMA_FORMATS } from '../plan/json-schema-problems.ts';

// ajv-formats is CommonJS: under NodeNext its function is the module's `default` (it sets both).
const addFormats = addFormatsModule.default;

/** Every `pattern` (and `patternProperties`) on the linear-time engine: a plan's regex never backtracks over a result. */
const linearRegExp = Object.assign((pattern: string, flags: string) => LinearRegex.compile(pattern, flags), { code: 'linearRegExp' });

/** The most items an array checked for `uniqueItems` may have: Ajv compares items pairwise. */
export const MAX_UNIQUE_ITEMS = 2_000;

/**
 * Ajv, a complete JSON Schema 2020-12 validator, checks json_schema goals, the gate's check. (zod's
 * converter, which checks tool arguments, dropped keywords silently, and a goal passed on a value
 * its schema refused.) What a gate must not loosen is refused when the plan loads
 * (json-schema-problems.ts: unknown keywords and formats, `unevaluated*`, another `$schema`), so Ajv
 * itself is not strict about shapes JSON Schema allows (`minContains: 0`, a property a pattern also
 * names). `allErrors` stays off: with it a recursive `anyOf` costs exponential time in a hostile
 * result's depth. Only own properties count for `required` (`constructor` is not in `{}`).
 * Formats are the specification's (a `url` check was quadratic on hostile text). One Ajv per
 * schema: two goals (or two loads, as `plan-runner eval` makes) may give the same `$id`.
 */
function validatorFor(schema: object): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: false, ownProperties: true, allowMatchingProperties: true, code: { regExp: linearRegExp } });
  addFormats(ajv, [...JSON_SCHEMA_FORMATS]);
  return ajv.compile(schema);
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
