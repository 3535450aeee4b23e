import { z } from 'zod';
import { isMap } from '../core/json-schema.ts';
import { zodReadySchema } from './zod-ready-schema.ts';
import { formatChecks } from './json-schema-formats.ts';
import { unguardedRefCycle } from './unguarded-ref-cycle.ts';
import { withResolvedRefs } from './zod-ref.ts';
import { withLinearRegExp } from './with-linear-regexp.ts';
import { checkOwnKeysOnly, timedSchemas } from './bounded-check.ts';

export type CompiledSchema = { readonly ok: true; readonly schema: z.ZodType } | { readonly ok: false; readonly message: string };

/**
 * A JSON Schema as a zod schema, or why zod cannot use it (`if`/`then`, external `$ref`…). Every
 * place that checks values against a plan's JSON Schema (tool arguments, json_schema goals) compiles
 * it here, so `required` means the same everywhere, and every `pattern` runs on the linear-time engine.
 * Check values with `boundedSafeParse`, which bounds the time a check holds the event loop.
 */
export function compileJsonSchema(schema: unknown): CompiledSchema {
  try {
    // A schema that is not a map (`true`) goes to zod as it is. References first: they are read in the schema as written.
    const resolved = isMap(schema) ? withResolvedRefs(schema) : undefined;
    const complete = resolved ? zodReadySchema(resolved.schema) : schema;
    // On what zod will read: checking any value against such a cycle overflowed the stack.
    const cycle = isMap(complete) ? unguardedRefCycle(complete) : undefined;
    if (cycle !== undefined) {
      return { ok: false, message: `\`$ref: '${resolved?.spelling(cycle) ?? cycle}'\` leads back to itself through references and combinations (\`allOf\`, \`anyOf\`, \`oneOf\`) alone, never reading into the value, so no value can be checked against it` };
    }
    // Each schema reads the clock of the check under way: `boundedSafeParse` bounds a check, which zod does not.
    const converted = timedSchemas(() => withLinearRegExp(() => z.fromJSONSchema(complete as Parameters<typeof z.fromJSONSchema>[0], { registry: formatChecks })));
    if (namesInherited(complete)) checkOwnKeysOnly(converted);
    return { ok: true, schema: converted };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Whether `schema` lists, anywhere, a property every object inherits (`constructor`, `toString`): zod reads a property as
 * `value[name]`, which finds those on any value, so such a schema is checked against values without prototypes.
 */
function namesInherited(schema: unknown): boolean {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const at = pending.pop();
    if (typeof at !== 'object' || at === null) continue;
    if (Array.isArray(at)) {
      for (const item of at) pending.push(item);
      continue;
    }
    const properties = (at as Record<string, unknown>)['properties'];
    if (isMap(properties) && Object.keys(properties).some((name) => name in Object.prototype)) return true;
    for (const value of Object.values(at)) pending.push(value);
  }
  return false;
}
