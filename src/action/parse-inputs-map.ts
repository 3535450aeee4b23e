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

/**
 * Parses the `inputs` action input: a YAML or JSON map (JSON is YAML), e.g. `week: 2026-W48` or
 * `{"week": "2026-W48"}`. Empty text is an empty map; anything else that is not a map is an error.
 * The `yaml` package is loaded here, on first use: a run without `inputs` never compiles it.
 */
export async function parseInputsMap(text: string): Promise<InputsMapResult> {
  if (text.trim() === '') return { ok: true, inputs: {} };
  const { parse } = await import('yaml');
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
    return { ok: false, message: `not valid YAML or JSON (${first}); write a map such as "week: 2026-W48". If ${SAFE_INPUTS_HINT}` };
  }
  if (value === null || value === undefined) return { ok: true, inputs: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: `expected a map of input names to values, such as "week: 2026-W48", got ${kindOf(value)}. If ${SAFE_INPUTS_HINT}` };
  }
  return { ok: true, inputs: value as Record<string, unknown> };
}
