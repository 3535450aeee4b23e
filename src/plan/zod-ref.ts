import { mapSubschemas, type JsonSchema } from '../core/json-schema.ts';

type Schema = Record<string, unknown>;

/** What a `$ref` names as zod's converter reads it: the root, one definition by key, or nothing zod finds. */
type ZodRefTarget = { readonly root: true } | { readonly root: false; readonly defsKey: string; readonly key: string; readonly target: unknown } | undefined;

/**
 * Where a `$ref` leads, read as zod's converter reads it (`resolveRef` in zod/v4/classic/from-json-schema.js), not
 * as a JSON Pointer: `#` then segments with the empty ones dropped; none is the root; else the first names the
 * definitions (`$defs`, or `definitions` for a draft-07 or draft-04 schema), the second which one, in the root's
 * `$defs` or else `definitions`, and the rest is ignored. A review found references zod reads this way (`#$defs/x`,
 * `#/$defs//x`, `#/$defs/x/properties/y`) past a checker that read pointers; a later one, definitions zod found
 * where this did not: zod takes `$defs || definitions`, so a `$defs` of `false`, `0` or `''` gives way to
 * `definitions`, and indexes whatever it got, so `$defs` may be an array (`#/$defs/0`).
 */
export function zodRefTarget(root: JsonSchema, ref: string): ZodRefTarget {
  if (!ref.startsWith('#')) return undefined;
  const path = ref.slice(1).split('/').filter(Boolean);
  if (path.length === 0) return { root: true };
  const draft = root['$schema'] === 'http://json-schema.org/draft-07/schema#' || root['$schema'] === 'http://json-schema.org/draft-04/schema#';
  const defsKey = draft ? 'definitions' : '$defs';
  const defs = root['$defs'] || root['definitions'];
  if (path[0] !== defsKey || path[1] === undefined || typeof defs !== 'object' || defs === null) return undefined;
  const key = path[1].replaceAll('~1', '/').replaceAll('~0', '~');
  // zod looks the key up as a property (an array's '0' too) and finds nothing where the value is falsy.
  const target = (defs as Record<string, unknown>)[key];
  return target ? { root: false, defsKey, key, target } : undefined;
}

/**
 * A copy of `root` with each `$ref` zod can follow spelt one way for each place it leads (`#` for the root,
 * `#/$defs/<key>` for a definition), and the others left as written for zod's own error. zod converts a
 * reference once per spelling, not once per place: 200 spellings of one definition of 2,000 properties
 * (`#/$defs/big`, `#//$defs/big`, …; a 77 KB schema) took 4.5 s to convert, holding the event loop.
 */
export function withCanonicalRefs(root: JsonSchema): JsonSchema {
  const each = (schema: Schema): Schema => {
    const copy = mapSubschemas(schema, each);
    const ref = copy['$ref'];
    if (typeof ref !== 'string') return copy;
    const target = zodRefTarget(root, ref);
    if (target?.root) copy['$ref'] = '#';
    else if (target) copy['$ref'] = `#/${target.defsKey}/${target.key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return copy;
  };
  return each(root);
}
