import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { LinearRegex } from '../core/linear-regex.ts';

// ajv-formats is CommonJS: under NodeNext its function is the module's `default` (it sets both).
const addFormats = addFormatsModule.default;

/** Every `pattern` (and `patternProperties`) on the linear-time engine: a plan's regex never backtracks over a result. */
const linearRegExp = Object.assign((pattern: string, flags: string) => LinearRegex.compile(pattern, flags), { code: 'linearRegExp' });

let ajv: Ajv2020 | undefined;

/**
 * Ajv, a complete JSON Schema 2020-12 validator, for json_schema goals: the gate's check. (zod's
 * converter, which checks tool arguments, dropped keywords silently, and a goal passed on a value
 * its schema refused.) Strict about the schema: an unknown keyword (`maxitem`) is an error, so a typo
 * cannot loosen a gate; not about the shapes JSON Schema allows (`required` without `type`).
 */
function validator(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    allErrors: true,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  return ajv;
}

const compiled = new WeakMap<object, ValidateFunction>();

export type JsonSchemaCheck = { readonly ok: true; readonly valid: boolean; readonly errors: readonly ErrorObject[] } | { readonly ok: false; readonly message: string };

/** Checks `value` against `schema`; `ok: false` when the schema itself cannot be used (and why). */
export function checkJsonSchema(schema: object, value: unknown): JsonSchemaCheck {
  let validate = compiled.get(schema);
  try {
    if (!validate) {
      validate = validator().compile(schema);
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
