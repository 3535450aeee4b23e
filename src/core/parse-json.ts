import { exceedsDepth } from './exceeds-depth.ts';

/**
 * How deep JSON from a model, a tool, a server or a saved file may nest. Data never needs more,
 * and much that handles it walks it by recursion: `JSON.stringify` in the trace writer, redaction,
 * hashing. A model's tool arguments 20,000 levels deep stopped every later trace write (a resume
 * then ran a side effect again), and a planner's answer as deep crashed the CLI.
 */
export const MAX_JSON_DEPTH = 128;

/** JSON that parsed, but nests deeper than `MAX_JSON_DEPTH`. */
export class JsonTooDeepError extends SyntaxError {
  constructor(maxDepth = MAX_JSON_DEPTH) {
    super(`the JSON nests more than ${maxDepth} levels deep; data never needs that`);
    this.name = 'JsonTooDeepError';
  }
}

/**
 * `JSON.parse` for text someone else wrote: a value nesting deeper than `maxDepth` (`MAX_JSON_DEPTH`)
 * is refused (`JsonTooDeepError`, a `SyntaxError`). A record that wraps such values (a trace line: an
 * event around a tool's arguments, nested runs around it) passes a larger bound.
 */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const value = JSON.parse(text) as unknown;
  if (exceedsDepth(value, maxDepth)) throw new JsonTooDeepError(maxDepth);
  return value;
}
