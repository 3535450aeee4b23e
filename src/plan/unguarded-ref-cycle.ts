/** Keywords whose subschemas check the same value as the schema holding them: following one reads no deeper into it. */
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_VALUE_SCHEMAS = ['not', 'if', 'then', 'else'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The subschema a local `$ref` (`#`, `#/$defs/a`, `#/properties/b`) points at in `root`, or undefined. */
function resolveLocal(root: Record<string, unknown>, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(at) && /^\d+$/.test(segment)) at = at[Number(segment)];
    else if (isObject(at) && Object.hasOwn(at, segment)) at = at[segment];
    else return undefined;
  }
  return at;
}

/** The subschemas that check the same value as `schema`: what it refers to, and its `allOf`/`anyOf`/`oneOf`/`not`/`if` members. */
function sameValueSchemas(root: Record<string, unknown>, schema: Record<string, unknown>): Record<string, unknown>[] {
  const next: unknown[] = [];
  if (typeof schema['$ref'] === 'string') next.push(resolveLocal(root, schema['$ref']));
  for (const keyword of SAME_VALUE_LISTS) if (Array.isArray(schema[keyword])) next.push(...(schema[keyword] as unknown[]));
  for (const keyword of SAME_VALUE_SCHEMAS) next.push(schema[keyword]);
  return next.filter(isObject);
}

/** Every object in the schema document (each once): each is a subschema, or a map of them, or harmless. */
function everyObject(root: Record<string, unknown>): Record<string, unknown>[] {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    stack.push(...Object.values(value));
  }
  return [...seen].filter(isObject);
}

/**
 * The `$ref` of a cycle of references that comes back to the same subschema without reading into the value
 * (`$defs: {x: {$ref: '#/$defs/x'}}`, or through `anyOf`), or undefined when there is none. zod's converter
 * took such a schema, and checking any value against it then overflowed the stack: an MCP server's tool
 * whose schema held one ended the agent step that called it (found by an adversarial pass). A cycle through
 * `properties` or `items` (a tree) reads one level deeper each time round, and is fine.
 */
export function unguardedRefCycle(root: Record<string, unknown>): string | undefined {
  const done = new Set<object>();
  const onPath = new Set<object>();
  // Depth-first, iterative (a schema can chain thousands of references): each subschema is finished once.
  for (const start of everyObject(root)) {
    if (done.has(start)) continue;
    const stack: Array<{ schema: Record<string, unknown>; next: Record<string, unknown>[] }> = [{ schema: start, next: sameValueSchemas(root, start) }];
    onPath.add(start);
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
      onPath.add(child);
      stack.push({ schema: child, next: sameValueSchemas(root, child) });
    }
  }
  return undefined;
}
