import { hash } from 'node:crypto';
import { PLAIN_DATA_DEPTH, plainContainer } from './plain-data.ts';

/** Whether `keys` are in the order `canonicalJson` writes them (UTF-16 code units, as `<` compares). */
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return true;
}

/**
 * JSON.stringify's replacer for `canonicalJson`: every object with its keys sorted. An object whose keys
 * are in order already is written as it is; another is copied in order (into an object with no prototype,
 * so a `__proto__` key is a key). Either way the text is what the copy through sorted entries gave, which
 * reuse keys in earlier traces were made with: the engine still puts integer keys first, in numeric order.
 */
function sortedKeys(_key: string, inner: unknown): unknown {
  if (typeof inner === 'bigint') return inner.toString();
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
  const keys = Object.keys(inner);
  if (inOrder(keys)) return inner;
  // The default sort compares UTF-16 code units, as `<` does.
  keys.sort();
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of keys) copy[key] = (inner as Record<string, unknown>)[key];
  return copy;
}

/**
 * JSON with object keys sorted at every level, so equal values always give equal text. Data (arrays and
 * objects of Object's prototype or none, down to strings, numbers, booleans and null) is copied in order
 * where it is out of order and written by JSON.stringify alone: its replacer, called for every value, cost
 * more than the writing (3 µs of a step's reuse key). Anything else goes through the replacer, whole. A getter
 * is read twice, to look and to write: data has none.
 */
export function canonicalJson(value: unknown): string {
  const inOrder = inOrderOf(value, -1);
  return (inOrder === NOT_DATA ? JSON.stringify(value, sortedKeys) : JSON.stringify(inOrder)) ?? 'undefined';
}

/** Each steps array's `canonicalJson`, made once: a plan's steps are never changed (a revision is a new array). */
const stepsTexts = new WeakMap<readonly unknown[], string>();

/**
 * `canonicalJson` of a plan's steps, made once per steps array: the job hashes the file's steps and the run its plan,
 * the same 10,000 steps twice (20 ms each).
 */
export function stepsCanonicalJson(steps: readonly unknown[]): string {
  let text = stepsTexts.get(steps);
  if (text === undefined) {
    text = canonicalJson(steps);
    stepsTexts.set(steps, text);
  }
  return text;
}

/** `stableHash({ steps, source })`, the plan's hash a run's `plan_created` records, with the steps' text made once (`stepsCanonicalJson`). */
export function planHash(steps: readonly unknown[], source: unknown): string {
  // Its keys in the order canonicalJson writes them: "source" before "steps".
  return hashCanonical(`{"source":${canonicalJson(source ?? null)},"steps":${stepsCanonicalJson(steps)}}`);
}

/** Objects `canonicalCopy` made: in order at every level, and nobody else's to change. */
const canonical = new WeakSet<object>();

/**
 * A copy of `value` that `canonicalJson` writes as it is, without walking it, wherever it stands: for a value many
 * hashes hold (a tool's definition, the same in each of 10,000 steps' reuse keys, took 1.2 µs of a step's 5). Read
 * back from `canonicalJson(value)`, so it is in order at every level and its text is that one; it is its own, which
 * nothing else holds to change.
 */
export function canonicalCopy<T>(value: T): T {
  // Nothing to copy: a function (a tool's name `constructor` finds Object in a plan's `tools:`) has no text to read back.
  if (typeof value !== 'object' || value === null) return value;
  const copy = JSON.parse(canonicalJson(value)) as T;
  if (typeof copy === 'object' && copy !== null) canonical.add(copy);
  return copy;
}

/** What `dataInOrder`, `arrayInOrder`, `recordInOrder` and `inOrderOf` return for a value they leave to the replacer. */
const NOT_DATA = Symbol('not data');

/**
 * `object` with every object in it that is out of order copied in order, sharing what is in order already;
 * `NOT_DATA` when anything in it would need the replacer or JSON.stringify's own rules to write the same text:
 * a `toJSON` (a Date), a bigint, a Map, a class's instance, an array of a subclass, a `__proto__` key to copy,
 * a raw JSON value, or a depth a cycle reaches.
 */
function dataInOrder(object: object, depth: number): unknown {
  if (canonical.has(object)) return object;
  // Deeper, a value is left to the replacer, which also throws on a cycle.
  const container = depth < PLAIN_DATA_DEPTH ? plainContainer(object) : undefined;
  if (container === undefined) return NOT_DATA;
  return container === 'array' ? arrayInOrder(object as readonly unknown[], depth) : recordInOrder(object as Record<string, unknown>, depth);
}

function arrayInOrder(array: readonly unknown[], depth: number): unknown {
  const length = array.length;
  let copy: unknown[] | undefined;
  for (let i = 0; i < length; i++) {
    const item = array[i];
    const inOrder = inOrderOf(item, depth);
    if (inOrder === NOT_DATA) return NOT_DATA;
    if (inOrder !== item) copy ??= array.slice(0, i);
    if (copy) copy[i] = inOrder;
  }
  return copy ?? array;
}

function recordInOrder(record: Record<string, unknown>, depth: number): unknown {
  const keys = Object.keys(record);
  const sorted = inOrder(keys);
  if (!sorted) sortKeys(keys);
  // As the replacer's copy does: every member read, in sorted order, before any inside one is.
  const values = keys.map((key) => record[key]);
  let changed = !sorted;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const inOrder = inOrderOf(value, depth);
    if (inOrder === NOT_DATA) return NOT_DATA;
    if (inOrder !== value) {
      values[i] = inOrder;
      changed = true;
    }
  }
  if (!changed) return record;
  // Integer keys go first here, in numeric order, as in the replacer's copy; `__proto__` would set the prototype.
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] === '__proto__') return NOT_DATA;
    copy[keys[i]!] = values[i];
  }
  return copy;
}

/** A member or item in order (`dataInOrder`); itself when it is no object; `NOT_DATA` for a bigint, which the replacer writes. */
function inOrderOf(value: unknown, depth: number): unknown {
  if (typeof value === 'bigint') return NOT_DATA;
  return typeof value === 'object' && value !== null ? dataInOrder(value, depth + 1) : value;
}

/** Sorts keys by UTF-16 code units, as the default sort does; by insertion when few, where the default sort cost 0.4 µs for a step's 7. */
function sortKeys(keys: string[]): void {
  if (keys.length > 16) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
}

/**
 * A SHA-256 of `value`'s canonical JSON, hex, cut to `length` characters. Node's one-shot `hash`, not a
 * `createHash` object: a run makes several per step, and the object cost 1.2 µs a hash against 0.5 µs.
 */
export function stableHash(value: unknown, length = 32): string {
  return hashCanonical(canonicalJson(value), length);
}

/** `stableHash` of the value whose `canonicalJson` is `json`, for a caller that has the text already. */
export function hashCanonical(json: string, length = 32): string {
  return hash('sha256', json).slice(0, length);
}
