import { errorText } from '../core/error-text.ts';
import { shownName } from '../core/shown-name.ts';
import type { ItemBinding, PlanStep } from '../core/plan-step.ts';
import { findReferences } from '../plan/find-references.ts';
import { fillItemLine, resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import { ForEachListError } from './for-each-list-error.ts';
import { TooManyItemsError } from './too-many-items-error.ts';
import { cutText, keptUnits } from '../core/cut-text.ts';
import { MAX_KEY_CHARS, MAX_KEY_TEMPLATE_CHARS } from '../plan/schema.ts';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `text (${JSON.stringify(cutText(value, 41))})`;
  return `a ${typeof value}`;
}

/**
 * What to do about a list that is not one: a command's lines (`git diff --name-only`) or an MCP tool's JSON
 * text are text, which is never split into items; a null is often a field of the result that is not the list.
 */
function notListFix(list: string, value: unknown): string {
  const step = findReferences(list).references.find(({ reference }) => reference.kind === 'step')?.reference;
  const source = step?.kind === 'step' ? `step ${step.step}` : 'the step';
  if (typeof value === 'string') return `text is never split into items; have ${source} return a JSON list (a command tool prints one on stdout, such as ["a.ts","b.ts"])`;
  return `have ${source} return a list ([] for no items), or point for_each at the list inside its result`;
}

/** The items of a list, or a map's `{key, value}` entries in its own order. */
function itemsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([key, inner]) => ({ key, value: inner }));
  return undefined;
}

function childLabel(step: PlanStep, item: ItemBinding): string {
  if (step.forEach?.key === undefined) return String(item.index);
  const { text: label, overLimit } = fillItemLine(step.forEach.key, item, MAX_KEY_CHARS);
  if (overLimit || shownName(label) === '' || /[[\]]/.test(label)) {
    // Its start only: the label comes from the item (a tool's output), and this error reaches every report.
    const shown = overLimit ? `${label.slice(0, keptUnits(label, MAX_KEY_CHARS - 1))}…` : label;
    const long = overLimit ? ` (more than ${MAX_KEY_CHARS} characters)` : '';
    throw new ForEachListError(step.key, `key ${cutText(step.forEach.key, MAX_KEY_TEMPLATE_CHARS)} gave ${JSON.stringify(shown)}${long} for item ${item.index}; a key must be 1 to ${MAX_KEY_CHARS} characters, one visible at least, without [ or ]`);
  }
  return label;
}

/**
 * One child of a `for_each` step: the template with its item bound, under its own key. The description stays as
 * written, since it is the instruction a model reads, and an item from a tool's output is data: the prompt gives it in
 * its own data block. The title is the step's, which names no item (`checkReferences` refuses one there).
 */
function childStep(step: PlanStep, item: ItemBinding, key: string): PlanStep {
  const { forEach: _template, ...rest } = step;
  return { ...rest, key, item };
}

/**
 * Expands a started `for_each` step into one child per item of its list, in input order (a map's
 * entries become `{key, value}` items). Throws a permanent error naming the step, before any child
 * runs, when the list cannot be read, is not a list, is longer than `max_items`, or two keys clash.
 */
export function expandForEach(step: PlanStep, sources: ReferenceSources, defaultMaxItems: number): PlanStep[] {
  const forEach = step.forEach;
  if (!forEach) throw new Error(`step ${step.key} has no for_each`);
  let list: unknown;
  try {
    list = resolveReferences({ list: forEach.list }, sources).list;
  } catch (error) {
    throw new ForEachListError(step.key, `for_each could not read its list: ${errorText(error)}`, error);
  }
  const items = itemsOf(list);
  if (!items) throw new ForEachListError(step.key, `for_each ${forEach.list} is ${describe(list)}, not a list or a map: ${notListFix(forEach.list, list)}`);
  const maxItems = forEach.maxItems ?? defaultMaxItems;
  if (items.length > maxItems) throw new TooManyItemsError({ stepKey: step.key, count: items.length, maxItems });
  // By the key as shown: two that differ only in what does not show (`web` and `web` + U+200B) made two lines a
  // reader could not tell apart, one ✅ and one ❌.
  const seen = new Map<string, { readonly index: number; readonly label: string }>();
  return items.map((value, index) => {
    const item: ItemBinding = { name: forEach.as, value, index };
    try {
      const label = childLabel(step, item);
      const shown = shownName(label);
      const first = seen.get(shown);
      if (first !== undefined) {
        const unseen = first.label === label ? '' : ' as shown (they differ only in invisible or control characters, or in how an accented letter is encoded)';
        throw new ForEachListError(step.key, `items ${first.index} and ${index} have the same key "${shown}"${unseen}; make key: unique per item`);
      }
      seen.set(shown, { index, label });
      return childStep(step, item, `${step.key}[${label}]`);
    } catch (error) {
      if (error instanceof ForEachListError) throw error;
      throw new ForEachListError(step.key, `item ${index}: ${errorText(error)}`, error);
    }
  });
}
