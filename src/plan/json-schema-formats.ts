import { z } from 'zod';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';
import { JSON_SCHEMA_FORMATS } from './json-schema-problems.ts';

/**
 * Each format a json_schema goal checks, with the check the goal validator runs on it (ajv-formats' full ones,
 * which json-schema-validator.ts adds to Ajv). Tool arguments are checked with the same: zod's own refused what the
 * format allows (`guides/setup.md` as a `uri-reference`, `23:59:60Z` as a `time`) and checked formats JSON Schema
 * says to ignore (`mac`, `base64`).
 */
const FORMAT_TESTS: ReadonlyMap<string, (text: string) => boolean> = new Map(JSON_SCHEMA_FORMATS.map((name) => [name, testOf(name, fullFormats[name])]));

function testOf(name: string, format: Format): (text: string) => boolean {
  const validate = typeof format === 'object' && !(format instanceof RegExp) ? format.validate : format;
  if (validate instanceof RegExp) return (text) => validate.test(text);
  if (typeof validate === 'function') return validate as (text: string) => boolean;
  throw new Error(`ajv-formats gives the format '${name}' no check plan-runner can run`);
}

/** The key `zodReadySchema` gives a checked format under, in a schema of its own that `formatChecks` finds as zod converts it. */
export const FORMAT_CHECK_KEY = 'x-plan-runner-format';

/** Whether `format` is one json_schema goals check (others are ignored, as JSON Schema says of a format it does not know). */
export function isCheckedFormat(format: unknown): format is string {
  return typeof format === 'string' && FORMAT_TESTS.has(format);
}

type Payload = { readonly value: unknown; readonly issues: unknown[] };
type Run = (payload: Payload, context: unknown) => unknown;

/**
 * The registry `z.fromJSONSchema` is given: it hands a registry the keywords it does not know, with the schema it made
 * of them; one made of a `FORMAT_CHECK_KEY` part (a schema that takes any value) then refuses a string not in that
 * format, as zod's own format checks do (`invalid_format`, named as JSON Schema names it). Everything goes on to zod's
 * global registry too, where it went without this one.
 */
export const formatChecks = new (class extends z.core.$ZodRegistry {
  override add(schema: z.core.$ZodType, ...[meta = {}]: [z.core.GlobalMeta?]): this {
    const format = meta[FORMAT_CHECK_KEY];
    if (isCheckedFormat(format)) refuseOutsideFormat(schema, format);
    z.globalRegistry.add(schema, meta);
    return this;
  }
})();

function refuseOutsideFormat(schema: z.core.$ZodType, format: string): void {
  const test = FORMAT_TESTS.get(format)!;
  const internals = schema._zod as unknown as { run: Run };
  const run = internals.run;
  internals.run = (payload, context) => {
    const result = run(payload, context);
    if (typeof payload.value === 'string' && !test(payload.value)) payload.issues.push({ origin: 'string', code: 'invalid_format', format, input: payload.value, inst: schema, continue: true });
    return result;
  };
}
