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
  constructor() {
    super(`the JSON nests more than ${MAX_JSON_DEPTH} levels deep; data never needs that`);
    this.name = 'JsonTooDeepError';
  }
}

/** `JSON.parse` for text someone else wrote: a value nesting deeper than `MAX_JSON_DEPTH` is refused (`JsonTooDeepError`, a `SyntaxError`). */
export function parseJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (exceedsDepth(value, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
  return value;
}
