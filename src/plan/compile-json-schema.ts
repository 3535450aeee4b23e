import { z } from 'zod';
import type { JsonSchema } from '../core/json-schema.ts';
import { zodReadySchema } from './zod-ready-schema.ts';
import { unguardedRefCycle } from './unguarded-ref-cycle.ts';
import { withLinearRegExp } from './with-linear-regexp.ts';

export type CompiledSchema = { readonly ok: true; readonly schema: z.ZodType } | { readonly ok: false; readonly message: string };

/**
 * A JSON Schema as a zod schema, or why zod cannot use it (`if`/`then`, external `$ref`…). Every
 * place that checks values against a plan's JSON Schema (tool arguments, json_schema goals) compiles
 * it here, so `required` means the same everywhere, and every `pattern` runs on the linear-time engine.
 */
export function compileJsonSchema(schema: unknown): CompiledSchema {
  try {
    const isObject = typeof schema === 'object' && schema !== null && !Array.isArray(schema);
    const cycle = isObject ? unguardedRefCycle(schema as Record<string, unknown>) : undefined;
    if (cycle !== undefined) {
      return { ok: false, message: `\`$ref: '${cycle}'\` leads back to itself without reading into the value (through \`$ref\`, \`allOf\`, \`anyOf\` or \`oneOf\` alone), so no value can be checked against it` };
    }
    const complete = isObject ? zodReadySchema(schema as JsonSchema) : schema;
    return { ok: true, schema: withLinearRegExp(() => z.fromJSONSchema(complete as Parameters<typeof z.fromJSONSchema>[0])) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
