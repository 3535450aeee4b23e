import { isStepResultObject } from './find-references.ts';
import { formatReferencePath, parseReferencePath, readPath } from './reference-path.ts';
import { parseTemplateBody, TEMPLATE_PATTERN } from './reference-syntax.ts';
import type { ItemBinding } from '../core/plan-step.ts';
import type { ItemReference, Reference } from './reference.ts';
import { StepId } from './schema.ts';
import { UnresolvedReferenceError } from './unresolved-reference-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { keptUnits } from '../core/cut-text.ts';

/** What references resolve against: completed steps' results by key, and the run's inputs. */
export interface ReferenceSources {
  readonly results: ReadonlyMap<string, unknown>;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Why a step has no result (it failed or was skipped), for a clearer error. */
  readonly missing?: ReadonlyMap<string, string>;
  /** The item of a `for_each` child (`${item…}`). */
  readonly item?: ItemBinding;
}

function itemValue(reference: ItemReference, text: string, item: ItemBinding | undefined): unknown {
  if (!item || item.name !== reference.name) {
    throw new UnresolvedReferenceError(`${text}: there is no item \`${reference.name}\` here; \${item…} works only inside a for_each step`, { reference: text });
  }
  if (reference.path.length === 1 && reference.path[0] === 'index') return item.index;
  const lookup = readPath(item.value, reference.path);
  if (lookup.found) return lookup.value;
  const reached = formatReferencePath(reference.path.slice(0, lookup.missingAt + 1));
  throw new UnresolvedReferenceError(`${text}: item ${item.index} has no \`${reached}\` (${lookup.reason})`, { reference: text });
}

function valueOf(reference: Reference, text: string, sources: ReferenceSources): unknown {
  if (reference.kind === 'item') return itemValue(reference, text, sources.item);
  if (reference.kind === 'input') {
    if (!Object.hasOwn(sources.inputs, reference.name) || sources.inputs[reference.name] === undefined) {
      throw new UnresolvedReferenceError(`${text}: input \`${reference.name}\` has no value: give it a default, or a value with --input ${reference.name}=… (CLI), the action's 'inputs', or the \`with:\` of the \`type: plan\` step that uses this plan`, { reference: text, inputName: reference.name });
    }
    return sources.inputs[reference.name];
  }
  if (!sources.results.has(reference.step)) {
    const why = sources.missing?.get(reference.step) ?? 'it has not completed';
    throw new UnresolvedReferenceError(`${text}: step ${reference.step} has no result (${why})`, { reference: text, stepKey: reference.step });
  }
  const lookup = readPath(sources.results.get(reference.step), reference.path);
  if (lookup.found) return lookup.value;
  const reached = formatReferencePath(reference.path.slice(0, lookup.missingAt + 1));
  throw new UnresolvedReferenceError(`${text}: the result of step ${reference.step} has no \`${reached}\` (${lookup.reason})`, { reference: text, stepKey: reference.step });
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The most characters the references in one set of args may bring in, counted as JSON writes them. A
 * tool result is at most 1 MiB, so this is eight whole results; a plan (or a model's plan) that names
 * one result 300 times made 300 MB of arguments, 1.5 GB of memory and a 301 MB trace, or failed with
 * V8's bare "Invalid string length" (found by an adversarial pass).
 */
export const MAX_REFERENCED_CHARS = 8 * 1024 * 1024;

/** JSON lengths of results already measured: one result named many times is measured once. */
const measured = new WeakMap<object, number>();

function lengthOf(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value === null || typeof value !== 'object') return asText(value).length;
  let length = measured.get(value);
  if (length === undefined) measured.set(value, (length = asText(value).length));
  return length;
}

/** What the references of one set of args have brought in so far. */
interface Budget {
  used: number;
}

function spend(budget: Budget, value: unknown, reference: string): void {
  budget.used += lengthOf(value);
  if (budget.used <= MAX_REFERENCED_CHARS) return;
  throw new UnresolvedReferenceError(
    `${reference}: with it the references in these arguments bring in ${groupDigits(budget.used)} characters, more than the ${groupDigits(MAX_REFERENCED_CHARS)} a step may pass on; ` +
      'name a large result once, or a part of it (${steps.ID.result.field})',
    { reference },
  );
}

function resolveString(value: string, sources: ReferenceSources, budget: Budget): unknown {
  let whole: { value: unknown } | undefined;
  const text = value.replace(TEMPLATE_PATTERN, (match, body: string) => {
    const parsed = parseTemplateBody(body, sources.item?.name);
    if (parsed.kind !== 'reference') return match;
    const resolved = valueOf(parsed.reference, match, sources);
    spend(budget, resolved, match);
    if (match === value) whole = { value: resolved };
    return asText(resolved);
  });
  // A string that is exactly one reference takes the referenced value with its type.
  return whole ? whole.value : text;
}

function resolveStepResult(value: Record<string, unknown>, sources: ReferenceSources, budget: Budget): unknown {
  const text = JSON.stringify(value);
  const id = StepId.safeParse(value.step_result);
  const path = parseReferencePath(typeof value.path === 'string' ? value.path : '');
  if (!id.success || !path) {
    throw new UnresolvedReferenceError(`${text}: not a valid step_result reference`, { reference: text });
  }
  const resolved = valueOf({ kind: 'step', step: String(id.data), path }, text, sources);
  spend(budget, resolved, text);
  return resolved;
}

function resolveValue(value: unknown, sources: ReferenceSources, budget: Budget): unknown {
  if (typeof value === 'string') return resolveString(value, sources, budget);
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, sources, budget));
  if (isStepResultObject(value)) return resolveStepResult(value, sources, budget);
  if (value !== null && typeof value === 'object') {
    // fromEntries defines own properties, so a `__proto__` key stays data.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item, sources, budget)]));
  }
  return value;
}

/**
 * Replaces every reference in `args` with the value it names; throws `UnresolvedReferenceError`
 * (permanent) when a step has no result yet, its result lacks the path, or the references together
 * bring in more than MAX_REFERENCED_CHARS.
 */
export function resolveReferences(args: Readonly<Record<string, unknown>>, sources: ReferenceSources): Record<string, unknown> {
  return resolveValue(args, sources, { used: 0 }) as Record<string, unknown>;
}

/** The start of a line, and whether anything of the text it was read from was left out. */
interface LinePiece {
  readonly text: string;
  readonly cut: boolean;
}

/** `text` as one line (each run of blanks one space), read only until the line passes `limit` characters. */
function lineStart(text: string, limit: number): LinePiece {
  let line = '';
  let unread = false;
  for (const [run] of text.matchAll(/\s+|\S+/g)) {
    if (line.length > limit) {
      unread = true;
      break;
    }
    line += /^\s/.test(run) ? ' ' : run;
  }
  const kept = keptUnits(line, limit + 1);
  return { text: line.slice(0, kept), cut: unread || kept < line.length };
}

/** A line filled in only as far as a cap. */
export interface CappedLine {
  /** The line; past the cap, only its start. */
  readonly text: string;
  /** The whole line is longer than the cap. Set from what was cut, not from `text`: a cut before an emoji or a blank left exactly the cap. */
  readonly overLimit: boolean;
}

/**
 * `text` with the item's references filled in, as one trimmed line (each run of blanks one space; for a child's
 * key); other references stay as written. Filled only until the line passes `maxChars`. A key naming a 900 KB item
 * 6,000 times built gigabytes of text before its length was checked, and node ran out of heap (found by an
 * adversarial pass). Throws `UnresolvedReferenceError` when the item lacks a field.
 */
export function fillItemLine(text: string, item: ItemBinding, maxChars: number): CappedLine {
  // One value named many times is made into a line once.
  const pieces = new Map<unknown, LinePiece>();
  // A piece is cut only when it is longer than maxChars + 2 characters: with a blank trimmed at either end, still too long.
  const limit = maxChars + 1;
  let line = '';
  let cut = false;
  const add = (piece: LinePiece): boolean => {
    line += line === '' || line.endsWith(' ') ? piece.text.replace(/^ /, '') : piece.text;
    cut ||= piece.cut || line.length > limit;
    return cut;
  };
  let from = 0;
  for (const match of text.matchAll(TEMPLATE_PATTERN)) {
    if (add(lineStart(text.slice(from, match.index), limit))) break;
    from = match.index + match[0].length;
    const parsed = parseTemplateBody(match[1]!, item.name);
    if (parsed.kind !== 'reference' || parsed.reference.kind !== 'item') {
      if (add(lineStart(match[0], limit))) break;
      continue;
    }
    const value = itemValue(parsed.reference, match[0], item);
    let piece = pieces.get(value);
    if (piece === undefined) pieces.set(value, (piece = lineStart(asText(value), limit)));
    if (add(piece)) break;
  }
  if (!cut && from < text.length) add(lineStart(text.slice(from), limit));
  line = line.trimEnd();
  return { text: line.slice(0, keptUnits(line, limit)), overLimit: cut || line.length > maxChars };
}
