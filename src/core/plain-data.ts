/** Deeper than this, a walk over plain data gives up on a value (and leaves it to a slower writer): a cycle reaches it. */
export const PLAIN_DATA_DEPTH = 64;

const isRawJson = (JSON as { isRawJSON?: (value: unknown) => boolean }).isRawJSON ?? (() => false);

/**
 * How JSON.stringify walks `object` by its own rules alone: `'array'` for an array of Array's prototype, `'record'`
 * for an object of Object's prototype or none; undefined for anything with a say in how it is written, or written
 * otherwise (a `toJSON`, as a Date has; a raw JSON value; a Map, a class's instance, an array of a subclass). The one
 * test of the walks that skip a replacer for plain data: `canonicalJson` and the trace's lines.
 */
export function plainContainer(object: object): 'array' | 'record' | undefined {
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') return undefined;
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (Array.isArray(object)) return prototype === Array.prototype ? 'array' : undefined;
  return (prototype === Object.prototype || prototype === null) && !isRawJson(object) ? 'record' : undefined;
}
