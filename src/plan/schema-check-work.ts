import { sameValueSchemas } from './unguarded-ref-cycle.ts';
import { MAX_JSON_DEPTH } from '../core/parse-json.ts';

type Schema = Record<string, unknown>;

/**
 * The most subschemas a check may apply to one part of a value. zod checks every branch of an `anyOf` or
 * `oneOf` a value fails, and both sides of an `allOf`: references that branch to the same definition twice
 * at each of n links check a failing value against its end 2^n times (20 links: 2.6 s, 30: hours), while
 * the check holds the event loop, so no timeout ends it. Schemas written to be used check a part a few
 * times, dozens at most.
 */
export const MAX_CHECKS_PER_VALUE = 1_000;

/** The most steps the analysis itself takes (schemas cap its input at 1 MiB; this caps its time). */
const MAX_ANALYSIS_STEPS = 2_000_000;

// A part of a value, as a subschema's keyword reaches it: a named property, any other name, the n-th item,
// an item past the tuple, or a property's name (propertyNames checks keys, which are strings).
const OTHER_NAME = '\u0000other';
const REST_ITEM = '\u0000rest';
const KEY = '\u0000key';
const INDEX = '\u0000item ';

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why checking a value against `root` could take more than MAX_CHECKS_PER_VALUE steps at one part of it, or undefined. */
export function excessiveCheckWork(root: Schema): string | undefined {
  const budget = { steps: MAX_ANALYSIS_STEPS };
  const tooComplex = (): string => `checking a value against it could take too long to tell: it reaches more than ${MAX_ANALYSIS_STEPS} subschemas through its references and combinations; simplify the schema`;
  // How many times checking one value applies each subschema that reads into the value, and in all, when
  // `schema` is applied once: its `$ref`, `allOf`, `anyOf` and `oneOf` followed (they check the same value).
  // Counts saturate above the limit. Iterative: a chain of references can be thousands long.
  const unfolded = new Map<Schema, { readonly readers: Map<Schema, number>; readonly total: number }>();
  const unfold = (start: Schema): { readers: Map<Schema, number>; total: number } | undefined => {
    if (unfolded.has(start)) return unfolded.get(start);
    const stack: Array<{ schema: Schema; next: Schema[]; children: Schema[] }> = [{ schema: start, next: sameValueSchemas(root, start), children: [] }];
    const onStack = new Set<Schema>([start]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const child = top.next.pop();
      if (child !== undefined) {
        top.children.push(child);
        if (unfolded.has(child)) continue;
        // A cycle of same-value references is refused before (unguardedRefCycle); one here ends the walk.
        if (onStack.has(child)) return undefined;
        onStack.add(child);
        stack.push({ schema: child, next: sameValueSchemas(root, child), children: [] });
        continue;
      }
      stack.pop();
      onStack.delete(top.schema);
      const readers = new Map<Schema, number>();
      let total = 1;
      if (readsDeeper(top.schema)) readers.set(top.schema, 1);
      for (const inner of top.children) {
        const done = unfolded.get(inner)!;
        total = Math.min(total + done.total, MAX_CHECKS_PER_VALUE + 1);
        for (const [reader, count] of done.readers) {
          if (--budget.steps <= 0) return undefined;
          readers.set(reader, Math.min((readers.get(reader) ?? 0) + count, MAX_CHECKS_PER_VALUE + 1));
        }
      }
      unfolded.set(top.schema, { readers, total });
    }
    return unfolded.get(start);
  };

  // Each state is the subschemas applied to one part of a value, with how many times; from it, each part
  // one level deeper that a keyword names. Explored depth-first to the deepest a value may nest, each state once.
  const ids = new Map<Schema, number>();
  const idOf = (schema: Schema): number => {
    let id = ids.get(schema);
    if (id === undefined) ids.set(schema, (id = ids.size));
    return id;
  };
  const seen = new Set<string>();
  const pending: Array<{ applied: Map<Schema, number>; depth: number; path: string }> = [{ applied: new Map([[root, 1]]), depth: 0, path: '' }];
  while (pending.length > 0) {
    const { applied, depth, path } = pending.pop()!;
    const key = [...applied].map(([schema, count]) => `${idOf(schema)}*${count}`).sort().join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    let total = 0;
    const readers = new Map<Schema, number>();
    for (const [schema, count] of applied) {
      const done = unfold(schema);
      if (!done) return tooComplex();
      total += count * done.total;
      for (const [reader, times] of done.readers) {
        if (--budget.steps <= 0) return tooComplex();
        readers.set(reader, Math.min((readers.get(reader) ?? 0) + count * times, MAX_CHECKS_PER_VALUE + 1));
      }
    }
    if (total > MAX_CHECKS_PER_VALUE) {
      return `checking a value against it applies more than ${MAX_CHECKS_PER_VALUE.toLocaleString('en-US')} subschemas to ${path === '' ? 'the value itself' : `the value's part ${path}`} (its \`$ref\`s and \`allOf\`/\`anyOf\`/\`oneOf\` reach the same subschemas again and again, each checked every time, and the run waits on the check); make each part reach a subschema once`;
    }
    if (depth >= MAX_JSON_DEPTH) continue;
    const parts = partsReadBy(readers.keys(), budget);
    if (!parts) return tooComplex();
    for (const [part, partReaders] of parts) {
      const next = new Map<Schema, number>();
      for (const reader of partReaders) {
        const count = readers.get(reader)!;
        for (const sub of subschemasFor(reader, part)) {
          if (--budget.steps <= 0) return tooComplex();
          next.set(sub, Math.min((next.get(sub) ?? 0) + count, MAX_CHECKS_PER_VALUE + 1));
        }
      }
      if (next.size > 0) pending.push({ applied: next, depth: depth + 1, path: `${path}${partName(part)}` });
    }
  }
  return undefined;
}

function partName(part: string): string {
  if (part === OTHER_NAME) return '.<any name>';
  if (part === REST_ITEM) return '[<any item>]';
  if (part === KEY) return '.<a name>';
  if (part.startsWith(INDEX)) return `[${part.slice(INDEX.length)}]`;
  return `.${part}`;
}

/** Whether `schema` has a keyword that checks a part of the value. */
function readsDeeper(schema: Schema): boolean {
  return ['properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'items', 'prefixItems', 'additionalItems', 'contains'].some((keyword) => schema[keyword] !== undefined);
}

/**
 * The parts of a value that the keywords of `readers` name (each property name, any other name, each tuple
 * index, any item, a key), each with the readers that apply a subschema to it; undefined when that takes
 * more than `budget` steps.
 */
function partsReadBy(readers: Iterable<Schema>, budget: { steps: number }): Map<string, Set<Schema>> | undefined {
  const parts = new Map<string, Set<Schema>>();
  const add = (part: string, reader: Schema): boolean => {
    let set = parts.get(part);
    if (set === undefined) parts.set(part, (set = new Set()));
    set.add(reader);
    return --budget.steps > 0;
  };
  // Readers with `additionalProperties` or `patternProperties` apply a subschema to every name; readers with
  // `items` (or a tuple's rest) to every index.
  const anyName: Schema[] = [];
  const anyItem: Schema[] = [];
  for (const schema of readers) {
    if (isSchema(schema['properties'])) for (const name of Object.keys(schema['properties'])) if (!add(name, schema)) return undefined;
    if (schema['additionalProperties'] !== undefined || schema['patternProperties'] !== undefined) {
      anyName.push(schema);
      if (!add(OTHER_NAME, schema)) return undefined;
    }
    if (schema['propertyNames'] !== undefined && !add(KEY, schema)) return undefined;
    const tuple = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : [];
    for (let index = 0; index < tuple.length; index++) if (!add(`${INDEX}${index}`, schema)) return undefined;
    if (schema['items'] !== undefined || schema['additionalItems'] !== undefined || schema['contains'] !== undefined) {
      anyItem.push(schema);
      if (!add(REST_ITEM, schema)) return undefined;
    }
  }
  for (const [part, set] of parts) {
    if (part === OTHER_NAME || part === KEY || part === REST_ITEM) continue;
    for (const schema of part.startsWith(INDEX) ? anyItem : anyName) {
      set.add(schema);
      if (--budget.steps <= 0) return undefined;
    }
  }
  return parts;
}

/**
 * The subschemas `schema` applies to `part` of its value. Every `patternProperties` schema counts for every
 * name (a pattern may match it), so the count is never less than zod's.
 */
function subschemasFor(schema: Schema, part: string): Schema[] {
  const found: unknown[] = [];
  if (part === KEY) return [schema['propertyNames']].filter(isSchema);
  if (part === REST_ITEM || part.startsWith(INDEX)) {
    const index = part === REST_ITEM ? -1 : Number(part.slice(INDEX.length));
    const tuple = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : Array.isArray(schema['items']) ? schema['items'] : undefined;
    if (tuple && index >= 0 && index < tuple.length) found.push(tuple[index]);
    else {
      if (!Array.isArray(schema['items'])) found.push(schema['items']);
      found.push(schema['additionalItems']);
    }
    found.push(schema['contains']);
    return found.filter(isSchema);
  }
  const properties = isSchema(schema['properties']) ? schema['properties'] : undefined;
  if (part !== OTHER_NAME && properties && Object.hasOwn(properties, part)) found.push(properties[part]);
  else found.push(schema['additionalProperties']);
  if (isSchema(schema['patternProperties'])) found.push(...Object.values(schema['patternProperties']));
  return found.filter(isSchema);
}
