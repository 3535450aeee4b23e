import { readCoreYaml } from '../plan/read-plain-yaml.ts';

/** The `inputs` input as a map, or why it is not one. */
export type InputsMapResult =
  | { readonly ok: true; readonly inputs: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly message: string };

/** What to do when a value from `${{ }}` (a title such as `fix: x`) broke the YAML. */
export const SAFE_INPUTS_HINT =
  'a value from an expression must be quoted for YAML: write it as JSON, e.g. ' +
  '`inputs: \'{"title": ${{ toJSON(github.event.pull_request.title) }}}\'`';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a single string' : `a ${typeof value}`;
}

/** The most lists, maps and values an inputs map may hold once its aliases are written out. */
const MAX_INPUT_NODES = 10_000;

/**
 * `value` as a tree: js-yaml reads an alias (`*name`) as the anchored list or map itself, used again;
 * each use becomes its own copy, as the `yaml` package reads it. Undefined when the copies would hold
 * more than MAX_INPUT_NODES values (a "billion laughs" map: a few lines, nested aliases) or an alias
 * refers to the list or map it is in.
 */
function writtenOut(value: unknown, budget = { left: MAX_INPUT_NODES }, open = new Set<object>()): { value: unknown } | undefined {
  if (--budget.left < 0) return undefined;
  if (value === null || typeof value !== 'object') return { value };
  if (open.has(value)) return undefined;
  open.add(value);
  try {
    if (Array.isArray(value)) {
      const items: unknown[] = [];
      for (const item of value) {
        const copy = writtenOut(item, budget, open);
        if (!copy) return undefined;
        items.push(copy.value);
      }
      return { value: items };
    }
    const entries: Array<[string, unknown]> = [];
    for (const [key, item] of Object.entries(value)) {
      const copy = writtenOut(item, budget, open);
      if (!copy) return undefined;
      entries.push([key, copy.value]);
    }
    return { value: Object.fromEntries(entries) };
  } finally {
    open.delete(value);
  }
}

/**
 * Parses the `inputs` action input: a YAML or JSON map (JSON is YAML), e.g. `week: 2026-W48` or
 * `{"week": "2026-W48"}`. Empty text is an empty map; anything else that is not a map is an error.
 * Aliases (`*name`) are written out; a map that grows past MAX_INPUT_NODES values that way is refused.
 */
export function parseInputsMap(text: string): InputsMapResult {
  let value: unknown;
  try {
    value = readCoreYaml(text);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
    return { ok: false, message: `not valid YAML or JSON (${first}); write a map such as "week: 2026-W48". If ${SAFE_INPUTS_HINT}` };
  }
  if (value === null || value === undefined) return { ok: true, inputs: {} };
  const tree = writtenOut(value);
  if (!tree) return { ok: false, message: `holds more than ${MAX_INPUT_NODES} values once its aliases (*name) are written out, or an alias that refers to itself; write the values out` };
  value = tree.value;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: `expected a map of input names to values, such as "week: 2026-W48", got ${kindOf(value)}. If ${SAFE_INPUTS_HINT}` };
  }
  return { ok: true, inputs: value as Record<string, unknown> };
}
