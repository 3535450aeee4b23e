import { exceedsDepth } from './exceeds-depth.ts';
import { cutText } from './cut-text.ts';

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

/** JSON that parsed, but where one object has the same key twice: `JSON.parse` keeps the last, silently. */
export class JsonDuplicateKeyError extends SyntaxError {
  /** The key as messages show it: quoted, cut to 80 characters. */
  readonly shownKey: string;

  constructor(key: string) {
    const shownKey = JSON.stringify(cutText(key, 81));
    super(`the JSON has the key ${shownKey} twice in one object, and which of its values counts is not clear; write each key once`);
    this.name = 'JsonDuplicateKeyError';
    this.shownKey = shownKey;
  }
}

/**
 * `JSON.parse` for text someone else wrote: a value nesting deeper than `maxDepth` (`MAX_JSON_DEPTH`)
 * is refused (`JsonTooDeepError`, a `SyntaxError`), and so is an object with a key twice
 * (`JsonDuplicateKeyError`): `{"verdict": "FAIL: tests broken", "verdict": "pass"}` read as its last
 * value hid the first from every check. A record that wraps such values (a trace line: an event around
 * a tool's arguments, nested runs around it) passes a larger bound.
 */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const value = JSON.parse(text) as unknown;
  if (exceedsDepth(value, maxDepth)) throw new JsonTooDeepError(maxDepth);
  if (value !== null && typeof value === 'object') refuseDuplicateKeys(text);
  return value;
}

/**
 * Throws `JsonDuplicateKeyError` when an object in `text` (valid JSON, nesting at most as deep as
 * `parseJson` allows) names a key twice. One pass: a string is a key when it follows `{` or a `,`
 * inside an object; keys are compared as decoded (`"a"` and `"\u0061"` are one key).
 */
function refuseDuplicateKeys(text: string): void {
  // Per open bracket: the keys of an object so far, or undefined for an array.
  const open: (Set<string> | undefined)[] = [];
  let expectKey = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (char === '[') {
      open.push(undefined);
    } else if (char === '}' || char === ']') {
      open.pop();
      expectKey = false;
    } else if (char === ',') {
      expectKey = open.at(-1) !== undefined;
    } else if (char === '"') {
      const start = at;
      for (at++; text[at] !== '"'; at++) if (text[at] === '\\') at++;
      if (!expectKey) continue;
      expectKey = false;
      const literal = text.slice(start, at + 1);
      const key = literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
      const keys = open.at(-1)!;
      if (keys.has(key)) throw new JsonDuplicateKeyError(key);
      keys.add(key);
    }
  }
}
