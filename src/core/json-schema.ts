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

/** Every keyword that may hold subschemas (earlier drafts' `dependencies` maps each name to one, or to a list of names). */
const SUBSCHEMA_KEYWORDS: readonly string[] = [...SUBSCHEMA_MAPS, 'dependencies', ...SUBSCHEMA_VALUES, ...SUBSCHEMA_LISTS];
const MAP_KEYWORDS = new Set(SUBSCHEMA_MAPS);
const LIST_KEYWORDS = new Set(SUBSCHEMA_LISTS);

/** How a keyword's value holds subschemas: a map of them by name, a list of them, or one. */
export type SubschemaShape = 'map' | 'list' | 'one';

/**
 * How `value`, under `key` of a schema, holds subschemas; undefined where it holds none: another keyword, or a shape the
 * keyword does not take (a map under `allOf`, a list under `dependencies`), which is a value like any other. Every walk of
 * a schema's subschemas reads this, so a copy and a check cannot disagree on where they are (MCP schemas had their
 * annotations under `allOf: {…}` skipped by the check as a schema's, and left by the cleaning as no schema; found by a review).
 * A list where a map of subschemas belongs is one too: a JSON Pointer indexes `$defs` whatever it is, so `#/$defs/0`
 * reads an array's first (JSON Schema wants a map; an MCP server may send a list).
 */
export function subschemaShape(key: string, value: unknown): SubschemaShape | undefined {
  if (MAP_KEYWORDS.has(key)) return isMap(value) ? 'map' : Array.isArray(value) ? 'list' : undefined;
  if (key === 'dependencies') return isMap(value) ? 'map' : undefined;
  if (LIST_KEYWORDS.has(key)) return Array.isArray(value) ? 'list' : undefined;
  if (SUBSCHEMA_VALUES.includes(key)) return Array.isArray(value) ? 'list' : 'one';
  return undefined;
}

/** A copy of `schema` with `each` applied to every subschema it holds directly (where `subschemaShape` says); the rest left as it is. */
export function mapSubschemas(schema: Readonly<Record<string, unknown>>, each: (subschema: Record<string, unknown>) => unknown): Record<string, unknown> {
  const one = (value: unknown): unknown => (isMap(value) ? each(value) : value);
  const copy: Record<string, unknown> = { ...schema };
  for (const key of SUBSCHEMA_KEYWORDS) {
    if (!Object.hasOwn(copy, key)) continue;
    const value = copy[key];
    const shape = subschemaShape(key, value);
    if (shape === 'map') copy[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, inner]) => [name, one(inner)]));
    else if (shape === 'list') copy[key] = (value as unknown[]).map(one);
    else if (shape === 'one') copy[key] = one(value);
  }
  return copy;
}

/**
 * The subschemas `schema` holds directly, where mapSubschemas maps them (boolean ones left out); those in its
 * definitions (`$defs`, `definitions`) only when `definitions` is true.
 */
export function subschemasOf(schema: Readonly<Record<string, unknown>>, definitions: boolean): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const key of SUBSCHEMA_KEYWORDS) {
    if (!Object.hasOwn(schema, key) || (!definitions && (key === '$defs' || key === 'definitions'))) continue;
    const value = schema[key];
    const shape = subschemaShape(key, value);
    // A loop, not a spread: a map of 200,000 properties is more arguments than a call takes.
    const values = shape === 'map' ? Object.values(value as Record<string, unknown>) : shape === 'list' ? (value as unknown[]) : shape === 'one' ? [value] : [];
    for (const inner of values) if (isMap(inner)) found.push(inner);
  }
  return found;
}
