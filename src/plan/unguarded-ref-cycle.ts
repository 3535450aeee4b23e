import { zodRefTarget } from './zod-ref.ts';

type Schema = Record<string, unknown>;

// zod's converter reads the lists only (it refuses `not` and `if`; `dependentSchemas` has become an `anyOf`); a goal's
// validator, Ajv, reads them all.
/** Keywords whose subschemas check the same value as the schema holding them: following one reads no deeper into it. */
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_VALUE_SCHEMAS = ['not', 'if', 'then', 'else'] as const;
/** Keywords whose subschemas check a part of the value (a property, an item): one level deeper each time round. */
const DEEPER_SCHEMAS = ['additionalProperties', 'items', 'contains', 'propertyNames', 'additionalItems'] as const;
const DEEPER_MAPS = ['properties', 'patternProperties'] as const;
const DEEPER_LISTS = ['prefixItems', 'items'] as const;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subschemas that check the same value as `schema`: where its `$ref` leads, its `allOf`/`anyOf`/`oneOf` members, `not`, `if`/`then`/`else` and `dependentSchemas`. */
function sameValueSchemas(root: Schema, schema: Schema): Schema[] {
  const next: unknown[] = [];
  if (typeof schema['$ref'] === 'string') {
    const target = zodRefTarget(root, schema['$ref']);
    next.push(target?.root ? root : target?.target);
  }
  for (const keyword of SAME_VALUE_LISTS) if (Array.isArray(schema[keyword])) for (const member of schema[keyword] as unknown[]) next.push(member);
  for (const keyword of SAME_VALUE_SCHEMAS) next.push(schema[keyword]);
  if (isSchema(schema['dependentSchemas'])) for (const member of Object.values(schema['dependentSchemas'])) next.push(member);
  return next.filter(isSchema);
}

/** The subschemas of `schema` that check a part of its value. */
function deeperSchemas(schema: Schema): Schema[] {
  const next: unknown[] = [];
  for (const keyword of DEEPER_SCHEMAS) next.push(schema[keyword]);
  for (const keyword of DEEPER_MAPS) if (isSchema(schema[keyword])) for (const member of Object.values(schema[keyword])) next.push(member);
  for (const keyword of DEEPER_LISTS) if (Array.isArray(schema[keyword])) for (const member of schema[keyword] as unknown[]) next.push(member);
  return next.filter(isSchema);
}

/**
 * The `$ref` of a cycle of references that comes back to the same subschema without reading into the value
 * (`$defs: {x: {$ref: '#/$defs/x'}}`, or through `anyOf`), or undefined when there is none. zod's converter took
 * such a schema, and checking any value against it then overflowed the stack: an MCP server's tool whose schema
 * held one ended the agent step that called it (found by an adversarial pass). A cycle through `properties` or
 * `items` (a tree) reads one level deeper each time round, and is fine. Only subschemas reachable from the root
 * are looked at, as zod converts only those; data keywords (`enum`, `const`, `default`) are not schemas.
 */
export function unguardedRefCycle(root: Schema): string | undefined {
  const done = new Set<Schema>();
  const onPath = new Set<Schema>();
  const reached = new Set<Schema>([root]);
  const starts: Schema[] = [root];
  // Depth-first along same-value edges, iterative (a schema can chain thousands of references); every subschema
  // reached by any edge is a start, each finished once.
  while (starts.length > 0) {
    const start = starts.pop()!;
    if (done.has(start)) continue;
    const visit = (schema: Schema) => {
      for (const deeper of deeperSchemas(schema)) {
        if (reached.has(deeper)) continue;
        reached.add(deeper);
        starts.push(deeper);
      }
      onPath.add(schema);
      return { schema, next: sameValueSchemas(root, schema) };
    };
    const stack = [visit(start)];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const child = top.next.pop();
      if (child === undefined) {
        stack.pop();
        onPath.delete(top.schema);
        done.add(top.schema);
        continue;
      }
      if (onPath.has(child)) {
        // A document is a tree: a cycle goes through a reference, which names it.
        const cycle = stack.slice(stack.findIndex((frame) => frame.schema === child));
        return cycle.map((frame) => frame.schema['$ref']).find((ref): ref is string => typeof ref === 'string') ?? '#';
      }
      if (done.has(child)) continue;
      reached.add(child);
      stack.push(visit(child));
    }
  }
  return undefined;
}
