import { isMap, mapSubschemas, SUBSCHEMA_MAPS, subschemasOf, type JsonSchema } from '../core/json-schema.ts';
import { KEYWORDS } from './json-schema-problems.ts';
import { addToAllOf } from './zod-ready-schema.ts';
import { cutText } from '../core/cut-text.ts';

type Schema = Record<string, unknown>;

/** What a `$ref` names as zod's converter reads it: the root, one definition by key, or nothing zod finds. */
type ZodRefTarget = { readonly root: true } | { readonly root: false; readonly defsKey: string; readonly key: string; readonly target: unknown } | undefined;

/** The `$schema`s for which zod's converter reads definitions from `definitions`, not `$defs`. */
const EARLIER_DRAFTS = ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-04/schema#'];

/**
 * Where a `$ref` leads, read as zod's converter reads it (`resolveRef` in zod/v4/classic/from-json-schema.js), not
 * as a JSON Pointer: `#` then segments with the empty ones dropped; none is the root; else the first names the
 * definitions (`$defs`, or `definitions` for a draft-07 or draft-04 schema), the second which one, in the root's
 * `$defs` or else `definitions`, and the rest is ignored. The schemas zod gets hold only references withResolvedRefs
 * wrote, which zod and a JSON Pointer read alike; this reads them as zod does all the same, as what zod follows is
 * what matters to the cycle check.
 */
export function zodRefTarget(root: JsonSchema, ref: string): ZodRefTarget {
  if (!ref.startsWith('#')) return undefined;
  const path = ref.slice(1).split('/').filter(Boolean);
  if (path.length === 0) return { root: true };
  const defsKey = definitionsKey(root);
  const defs = root['$defs'] || root['definitions'];
  if (path[0] !== defsKey || path[1] === undefined || typeof defs !== 'object' || defs === null) return undefined;
  const key = path[1].replaceAll('~1', '/').replaceAll('~0', '~');
  // zod looks the key up as a property (an array's '0' too) and finds nothing where the value is falsy.
  const target = (defs as Record<string, unknown>)[key];
  return target ? { root: false, defsKey, key, target } : undefined;
}

function definitionsKey(root: JsonSchema): '$defs' | 'definitions' {
  return EARLIER_DRAFTS.includes(root['$schema'] as string) ? 'definitions' : '$defs';
}

/** The URI a schema without `$id` has: relative `$id`s (`item.json`) resolve against it, so each still names one resource. */
const DOCUMENT_URI = 'https://plan-runner.invalid/0/schema.json';
/** Where a resource whose `$id` cannot be used has its URI (one each): only its own fragments lead into it. */
const UNNAMED_URI = 'https://plan-runner.invalid/unnamed/';

/** Keywords whose values are JSON values, not schemas: a reference into one does not lead to a schema. */
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', 'dependentRequired', 'type', '$vocabulary']);
/** Keywords whose values map names to schemas: a reference to the map itself leads to no schema. */
const SCHEMA_MAPS = new Set([...SUBSCHEMA_MAPS, 'dependencies']);

type Resolved = { readonly target: Schema | boolean; readonly name: string };

const quoted = (text: string): string => JSON.stringify(cutText(text, 201));

/** The longest schema URI (a resolved `$id`) and anchor name followed: V8 hashes a string of 16 K characters or more by its
 * length alone, so a few thousand long `$id`s of one length made each lookup compare them all (15.8 s for 146 KB; found by
 * a review). JSON Schema's own are short; a longer one is a resource no reference can name. */
const MAX_URI_CHARS = 2_048;

/** A draft-04 to draft-07 `$schema`, with the draft's number: in these a `$ref` makes every keyword beside it, `$id` too, be ignored. */
const EARLY_DRAFT = /^https?:\/\/json-schema\.org\/draft-0([4-7])\/schema#?$/;

/** Names (URIs, anchors) to schemas, where a name two different schemas take leads to neither. */
class Names {
  readonly #schemas = new Map<string, Schema>();
  readonly #texts = new Map<string, string>();
  readonly #twice = new Set<string>();

  /** Names `schema`; the same schema written out twice (TypeBox repeats a schema with its `$id`) is one. */
  add(name: string, schema: Schema): void {
    const known = this.#schemas.get(name);
    if (known === undefined) this.#schemas.set(name, schema);
    else if (known !== schema && !this.#twice.has(name)) {
      const text = this.#texts.get(name) ?? JSON.stringify(known);
      this.#texts.set(name, text);
      if (JSON.stringify(schema) !== text) this.#twice.add(name);
    }
  }

  /** The schema `name` names, 'twice' when two different ones take it, or undefined. */
  get(name: string): Schema | 'twice' | undefined {
    return this.#twice.has(name) ? 'twice' : this.#schemas.get(name);
  }
}

/**
 * The schema resources of `root` by URI, each one's URI and anchors, and the resource each subschema a walk from the
 * root meets is in, or each one from a place a `$ref` leads (`index`). An `$id` that cannot be resolved, or is too
 * long, and names two schemas bothers no one until a `$ref` needs it.
 */
function indexResources(root: Schema) {
  const resources = new Names();
  const uriOf = new Map<Schema, string>([[root, DOCUMENT_URI]]);
  // By resource, not by its URI: two resources may take one `$id`, and `#x` in one named the other's anchor (found by a review).
  const anchors = new Map<Schema, Names>();
  const resourceOf = new Map<Schema, Schema>();
  let unnamed = 0;
  const draft = EARLY_DRAFT.exec(typeof root['$schema'] === 'string' ? root['$schema'] : '')?.[1];
  // draft-04's identifier is `id`; `$id` from draft-06 on.
  const idKey = draft === '4' ? 'id' : '$id';
  const addAnchor = (schema: Schema, anchor: string, resource: Schema) => {
    if (anchor.length > MAX_URI_CHARS) return;
    let names = anchors.get(resource);
    if (names === undefined) anchors.set(resource, (names = new Names()));
    names.add(anchor, schema);
  };
  const index = (start: Schema, startResource: Schema): void => {
    // Iterative: the walk meets every subschema, and a schema may nest deeper than the stack goes.
    const pending: [Schema, Schema][] = [[start, startResource]];
    while (pending.length > 0) {
      const [schema, parentResource] = pending.pop()!;
      if (resourceOf.has(schema)) continue;
      let resource = parentResource;
      const id = draft !== undefined && typeof schema['$ref'] === 'string' ? undefined : schema[idKey];
      // draft-07 names a plain anchor with an `$id` of `#name`.
      if (typeof id === 'string' && id.startsWith('#')) {
        if (id.length > 1) addAnchor(schema, decodeFragment(id.slice(1)), resource);
      } else if (typeof id === 'string') {
        let uri: string | undefined;
        try {
          const parsed = new URL(id, uriOf.get(parentResource));
          parsed.hash = '';
          if (parsed.href.length <= MAX_URI_CHARS) uri = parsed.href;
        } catch {
          uri = undefined;
        }
        resource = schema;
        uriOf.set(schema, uri ?? `${UNNAMED_URI}${unnamed++}`);
        resources.add(uriOf.get(schema)!, schema);
      }
      for (const key of ['$anchor', '$dynamicAnchor']) if (typeof schema[key] === 'string' && schema[key] !== '') addAnchor(schema, schema[key], resource);
      resourceOf.set(schema, resource);
      for (const inner of subschemasOf(schema, true)) pending.push([inner, resource]);
    }
  };
  resources.add(DOCUMENT_URI, root);
  index(root, root);
  return { resources, uriOf, anchors, resourceOf, index };
}

/**
 * `schema` as a tree: a plan file's YAML alias puts one subschema in two places, which may be two schema resources
 * whose references lead to different definitions; read by identity, both had the base of the first met (a false
 * pass, found by a review). A cycle, which JSON cannot hold, is refused as zod refused it.
 */
function asTree(schema: JsonSchema): Schema {
  try {
    return JSON.parse(JSON.stringify(schema)) as Schema;
  } catch {
    throw new Error('the schema is not valid JSON (possibly cyclic); use $defs/$ref for recursive schemas');
  }
}

/** A URI fragment %-decoded; one with a `%` that starts no escape (`#/$defs/100%`, which zod read) as it is written. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

/**
 * A copy of `root` in which each `$ref` leads where JSON Schema says, and reads the same to zod. zod's converter
 * follows only `#` and `#/$defs/<name>` (`#/definitions/<name>` in a draft-07 schema), each read from the root's
 * definitions, and reads them its own way: `#/$defs/a/properties/b` led to `a`, a `$ref` under a nested `$id` to the
 * root's definition of the same name, and `#/$defs/a%20b`, `#/definitions/a` in a 2020-12 schema, `#name` anchors
 * and definitions that are `false` to nothing at all. Here every reference a check can reach is resolved as a URI
 * against the `$id`s around it, then its fragment as a JSON Pointer or an anchor, and each subschema so reached
 * becomes one definition, which every reference to it names and which stands in its place (zod converts a
 * reference once per spelling: 200 spellings of one definition of 2,000 properties took 4.5 s; and no subschema is
 * copied twice, however many references lead into it). A reference to `true` is dropped, one to `false` refuses
 * every value. What cannot be followed is refused with why: another document, a pointer to nowhere, `$dynamicRef`
 * and `$recursiveRef` (which zod ignored: any value passed). Definitions no reference reaches are left out.
 * `dynamicRefs: 'left'` (a goal's schema, which Ajv checks) leaves each `$dynamicRef` as written.
 */
export function withResolvedRefs(written: JsonSchema, options: { readonly dynamicRefs?: 'left' } = {}): { readonly schema: JsonSchema; readonly spelling: (ref: string) => string } {
  const root = asTree(written);
  const { resources, uriOf, anchors, resourceOf, index } = indexResources(root);
  // Each reference written as the schema first spelt it, for messages (`#/$defs/a%20b` for `#/$defs/a_b`).
  const spellings = new Map<string, string>();

  const resolve = (ref: string, from: Schema): Resolved => {
    let fragment: string;
    let resource: Schema | 'twice' | undefined = resourceOf.get(from)!;
    let uri = uriOf.get(resource)!;
    // Most references are fragments of the resource they are in: found by the schema, not its URI.
    if (ref.startsWith('#')) fragment = decodeFragment(ref.slice(1));
    else {
      let parsed: URL;
      try {
        parsed = new URL(ref, uri);
      } catch {
        throw new Error(`\`$ref\` ${quoted(ref)} is not a URI`);
      }
      fragment = decodeFragment(parsed.hash.slice(1));
      parsed.hash = '';
      uri = parsed.href;
      if (uri.length > MAX_URI_CHARS) throw new Error(`\`$ref\` ${quoted(ref)} leads to a URI of ${uri.length} characters, longer than the ${MAX_URI_CHARS} followed`);
      resource = resources.get(uri);
    }
    if (resource === 'twice') throw new Error(`\`$ref\` ${quoted(ref)} leads to a URI two different subschemas take as their \`$id\`: it could mean either`);
    if (resource === undefined) throw new Error(`\`$ref\` ${quoted(ref)} leads to another document, which is not fetched: reference a definition in this schema (\`#/$defs/<name>\`)`);
    if (fragment === '') return { target: resource, name: uri.split('/').pop()! };
    if (!fragment.startsWith('/')) {
      const anchored = anchors.get(resource)?.get(fragment);
      if (anchored === 'twice') throw new Error(`\`$ref\` ${quoted(ref)} names an anchor two different subschemas take: it could mean either`);
      if (anchored === undefined) throw new Error(`\`$ref\` ${quoted(ref)} names an anchor no subschema has`);
      return { target: anchored, name: fragment };
    }
    let at: unknown = resource;
    let key = '';
    let values: string | undefined;
    let map = false;
    for (const segment of fragment.slice(1).split('/')) {
      key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
      const inSchema = isMap(at) && resourceOf.has(at);
      if (values === undefined && inSchema && VALUE_KEYWORDS.has(key)) values = key;
      map = inSchema && SCHEMA_MAPS.has(key);
      if (Array.isArray(at) && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < at.length) at = at[Number(key)];
      else if (isMap(at) && Object.hasOwn(at, key)) at = at[key];
      else throw new Error(`\`$ref\` ${quoted(ref)} leads nowhere in this schema`);
    }
    if (values !== undefined) throw new Error(`\`$ref\` ${quoted(ref)} leads into \`${values}\`, which holds values, not schemas`);
    // `#/$defs` read as a schema has no keyword, and took every value (found by a review).
    if (map) throw new Error(`\`$ref\` ${quoted(ref)} leads to \`${key}\`, a map of schemas by name, not a schema: add the name`);
    if (typeof at !== 'boolean' && !isMap(at)) throw new Error(`\`$ref\` ${quoted(ref)} leads to ${Array.isArray(at) ? 'a list' : 'a value'}, not a schema`);
    // A map under no keyword that holds schemas (`#/components/schemas/a`, as in an OpenAPI description) is read as one
    // when it is empty or has a keyword: `#/components/schemas`, a map of schemas by name, took every value (found by a review).
    if (isMap(at) && !resourceOf.has(at)) {
      const keys = Object.keys(at);
      if (keys.length > 0 && !keys.some((name) => KEYWORDS.includes(name))) throw new Error(`\`$ref\` ${quoted(ref)} leads to a map with no JSON Schema keyword, not a schema`);
      index(at, resource);
    }
    return { target: at, name: key };
  };

  const defsKey = definitionsKey(root);
  const refTo = (target: Schema): string => (target === root ? '#' : `#/${defsKey}/${keys.get(target)!}`);

  // What a check reaches from the root, through subschemas and references; each reference is resolved once.
  const leadsTo = new Map<Schema, Resolved>();
  const keys = new Map<Schema, string>();
  const used = new Set<string>();
  const suffixes = new Map<string, number>();
  const reached = new Set<Schema>([root]);
  const pending: Schema[] = [root];
  for (let next = 0; next < pending.length; next++) {
    const schema = pending[next]!;
    for (const keyword of ['$dynamicRef', '$recursiveRef']) {
      // A goal's validator (Ajv) follows `$dynamicRef` itself: `dynamicRefs: 'left'` leaves it as written.
      if (keyword in schema && !(keyword === '$dynamicRef' && options.dynamicRefs === 'left')) throw new Error(`\`${keyword}\` is not followed (only \`$ref\` is), so the schema cannot be checked`);
    }
    const inner = subschemasOf(schema, false);
    if ('$ref' in schema && typeof schema['$ref'] !== 'string') throw new Error(`\`$ref\` must be a URI (text), not ${cutText(JSON.stringify(schema['$ref']) ?? 'nothing', 101)}`);
    if (typeof schema['$ref'] === 'string') {
      const found = resolve(schema['$ref'], schema);
      leadsTo.set(schema, found);
      if (typeof found.target !== 'boolean') {
        inner.push(found.target);
        if (found.target !== root && !keys.has(found.target)) {
          // Named where the reference led when that name is free, and not one every object has (`constructor`),
          // which zod's lookup would find in any definitions.
          const stem = found.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60) || 'ref';
          let count = suffixes.get(stem) ?? 1;
          let key = stem;
          while (key in {} || used.has(key)) key = `${stem}_${++count}`;
          suffixes.set(stem, count);
          used.add(key);
          keys.set(found.target, key);
        }
        const canonical = refTo(found.target);
        if (!spellings.has(canonical)) spellings.set(canonical, schema['$ref']);
      }
    }
    for (const schema of inner) {
      if (reached.has(schema)) continue;
      reached.add(schema);
      pending.push(schema);
    }
  }

  // A definition stands where its subschema was: each subschema is copied once.
  const inline = (schema: Schema): Schema => (keys.has(schema) ? { $ref: refTo(schema) } : body(schema));
  const body = (schema: Schema): Schema => {
    const { $defs: _defs, definitions: _definitions, ...rest } = schema;
    const copy = mapSubschemas(rest, inline);
    const found = leadsTo.get(schema);
    if (found === undefined) return copy;
    if (typeof found.target !== 'boolean') copy['$ref'] = refTo(found.target);
    else {
      delete copy['$ref'];
      if (!found.target) addToAllOf(copy, { not: {} });
    }
    return copy;
  };
  const result = body(root);
  if (keys.size > 0) result[defsKey] = Object.fromEntries([...keys].map(([target, key]) => [key, body(target)]));
  return { schema: result, spelling: (ref) => spellings.get(ref) ?? ref };
}
