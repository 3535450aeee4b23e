import type { JsonSchema } from '../core/json-schema.ts';

const SUBSCHEMA_KEYS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const SUBSCHEMA_LIST_KEYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAP_KEYS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * A copy of `schema` where every name in `required` is also in `properties` (as `{}` when absent).
 * z.fromJSONSchema only enforces `required` for listed properties, so `{ type: object,
 * required: [version] }`, the plan file's natural shorthand, would otherwise accept anything.
 */
export function requireListedProperties(schema: JsonSchema): JsonSchema {
  const copy: Record<string, unknown> = { ...schema };
  for (const key of SUBSCHEMA_KEYS) copy[key] = mapSchema(copy[key]);
  for (const key of SUBSCHEMA_LIST_KEYS) {
    const list = copy[key];
    if (Array.isArray(list)) copy[key] = list.map(mapSchema);
  }
  for (const key of SUBSCHEMA_MAP_KEYS) {
    const map = copy[key];
    if (isObject(map)) copy[key] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, mapSchema(sub)]));
  }
  // additionalProperties: false makes a required-but-unlisted name unsatisfiable; leave that as written.
  if (Array.isArray(copy.required) && copy.additionalProperties !== false) {
    const properties: Record<string, unknown> = isObject(copy.properties) ? { ...copy.properties } : {};
    for (const name of copy.required) if (typeof name === 'string' && !Object.hasOwn(properties, name)) properties[name] = {};
    copy.properties = properties;
  }
  for (const key of Object.keys(copy)) if (copy[key] === undefined) delete copy[key];
  return copy;
}

function mapSchema(value: unknown): unknown {
  return isObject(value) ? requireListedProperties(value) : value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
