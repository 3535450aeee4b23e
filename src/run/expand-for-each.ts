import { errorText } from '../core/error-text.ts';
import type { ItemBinding, PlanStep } from '../core/plan-step.ts';
import { fillItemText, resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import { ForEachListError } from './for-each-list-error.ts';
import { TooManyItemsError } from './too-many-items-error.ts';

/** Longest child key label (`review[<label>]`); longer keys are refused so views stay readable. */
const MAX_KEY_CHARS = 64;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `text (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`;
  return `a ${typeof value}`;
}

/** The items of a list, or a map's `{key, value}` entries in its own order. */
function itemsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([key, inner]) => ({ key, value: inner }));
  return undefined;
}

function childLabel(step: PlanStep, item: ItemBinding): string {
  if (step.forEach?.key === undefined) return String(item.index);
  const label = fillItemText(step.forEach.key, item).replace(/\s+/g, ' ').trim();
  if (label === '' || label.length > MAX_KEY_CHARS || /[[\]]/.test(label)) {
    // Its start only: the label comes from the item (a tool's output), and this error reaches every report.
    const shown = label.length > MAX_KEY_CHARS ? `${label.slice(0, MAX_KEY_CHARS)}…` : label;
    throw new ForEachListError(step.key, `key ${step.forEach.key} gave ${JSON.stringify(shown)}${shown === label ? '' : ` (${label.length} characters)`} for item ${item.index}; a key must be 1 to ${MAX_KEY_CHARS} characters without [ or ]`);
  }
  return label;
}

/**
 * One child of a `for_each` step: the template with its item bound, under its own key. The title
 * (a label) is filled in; the description stays as written, since it is the instruction a model
 * reads, and an item from a tool's output is data: the prompt gives it in its own data block.
 */
function childStep(step: PlanStep, item: ItemBinding, key: string): PlanStep {
  const { forEach: _template, ...rest } = step;
  return { ...rest, key, ...(step.title !== undefined && { title: fillItemText(step.title, item) }), item };
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
  if (!items) throw new ForEachListError(step.key, `for_each ${forEach.list} is ${describe(list)}, not a list or a map`);
  const maxItems = forEach.maxItems ?? defaultMaxItems;
  if (items.length > maxItems) throw new TooManyItemsError({ stepKey: step.key, count: items.length, maxItems });
  const seen = new Map<string, number>();
  return items.map((value, index) => {
    const item: ItemBinding = { name: forEach.as, value, index };
    try {
      const label = childLabel(step, item);
      const first = seen.get(label);
      if (first !== undefined) throw new ForEachListError(step.key, `items ${first} and ${index} have the same key "${label}"; make key: unique per item`);
      seen.set(label, index);
      return childStep(step, item, `${step.key}[${label}]`);
    } catch (error) {
      if (error instanceof ForEachListError) throw error;
      throw new ForEachListError(step.key, `item ${index}: ${errorText(error)}`, error);
    }
  });
}
