/** A JSON Schema document as written in a plan file or produced by an adapter. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** Where a JSON Schema holds subschemas: in maps of them (by name), … */
export const SUBSCHEMA_MAPS: readonly string[] = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** … one each (`items` may be draft-07's list), … */
export const SUBSCHEMA_VALUES: readonly string[] = ['additionalProperties', 'items', 'not', 'contains', 'propertyNames', 'additionalItems', 'if', 'then', 'else', 'contentSchema'];
/** … and in lists of them. */
export const SUBSCHEMA_LISTS: readonly string[] = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * A subschema no value passes, with the CLI's message: editors that know `errorMessage` (VS Code,
 * yaml-language-server) show it at the offending key; others show their own "not allowed".
 */
export function refusedSchema(message: string): Record<string, unknown> {
  return { not: {}, errorMessage: message };
}

/** True for a JSON object (a map of keys), not an array or null. */
export function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A copy of `schema` with `each` applied to every subschema it holds directly; what is not a map is left as
 * it is. A list where a map of subschemas belongs is mapped too: a JSON Pointer indexes `$defs` whatever it
 * is, so `#/$defs/0` reads an array's first (JSON Schema wants a map; an MCP server may send a list).
 */
export function mapSubschemas(schema: Readonly<Record<string, unknown>>, each: (subschema: Record<string, unknown>) => unknown): Record<string, unknown> {
  const one = (value: unknown): unknown => (isMap(value) ? each(value) : value);
  const copy: Record<string, unknown> = { ...schema };
  for (const key of SUBSCHEMA_MAPS) {
    const map = copy[key];
    if (isMap(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([name, inner]) => [name, one(inner)]));
    else if (Array.isArray(map)) copy[key] = map.map(one);
  }
  for (const key of SUBSCHEMA_VALUES) if (key in copy) copy[key] = Array.isArray(copy[key]) ? (copy[key] as unknown[]).map(one) : one(copy[key]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(one);
  // Earlier drafts' `dependencies`: each name maps to a schema, or to a list of names left as it is.
  if (isMap(copy['dependencies'])) copy['dependencies'] = Object.fromEntries(Object.entries(copy['dependencies']).map(([name, inner]) => [name, one(inner)]));
  return copy;
}

/**
 * The subschemas `schema` holds directly, where mapSubschemas maps them (boolean ones left out); those in its
 * definitions (`$defs`, `definitions`) only when `definitions` is true.
 */
export function subschemasOf(schema: Readonly<Record<string, unknown>>, definitions: boolean): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  // A loop, not a spread: a map of 200,000 properties is more arguments than a call takes.
  const add = (values: readonly unknown[]) => {
    for (const value of values) if (isMap(value)) found.push(value);
  };
  const many = (value: unknown) => (Array.isArray(value) ? value : isMap(value) ? Object.values(value) : []);
  for (const key of SUBSCHEMA_MAPS) if (definitions || (key !== '$defs' && key !== 'definitions')) add(many(schema[key]));
  if (isMap(schema['dependencies'])) add(Object.values(schema['dependencies']));
  for (const key of SUBSCHEMA_VALUES) add(Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [schema[key]]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) add(schema[key] as unknown[]);
  return found;
}
