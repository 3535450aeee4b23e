import { z } from 'zod';

export type CompiledSchema = { readonly ok: true; readonly schema: z.ZodType } | { readonly ok: false; readonly message: string };

/** A JSON Schema as a zod schema, or why zod cannot use it (`if`/`then`, external `$ref`…). */
export function compileJsonSchema(schema: unknown): CompiledSchema {
  try {
    return { ok: true, schema: z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
