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
    // Warnings (an unknown tag) would go to stderr quoting the input's line, where the runner reads
    // workflow commands: `::stop-commands::` in a value would have switched every later one off.
    value = parse(text, { logLevel: 'error' });
  } catch (error) {
    const first = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0];
    return { ok: false, message: `not valid YAML or JSON (${first}); write a map such as "week: 2026-W48". If ${SAFE_INPUTS_HINT}` };
  }
  if (value === null || value === undefined) return { ok: true, inputs: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: `expected a map of input names to values, such as "week: 2026-W48", got ${kindOf(value)}. If ${SAFE_INPUTS_HINT}` };
  }
  // A value YAML reads as null (`week:` with nothing after, `week: ${{ inputs.week }}` left empty) is an
  // input not given, as an empty input is on GitHub: the plan's default, or its "required" error,
  // applies; it reached the plan as "null" before. A number JSON cannot hold (1e400, .nan) or binary
  // data would have too: refused.
  const inputs: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value)) {
    if (given === null || given === undefined) continue;
    const problem = valueProblem(given);
    if (problem) return { ok: false, message: `input \`${name.slice(0, 64)}\` is ${problem}; give it a value the plan can use, or leave it out for the plan's default` };
    Object.defineProperty(inputs, name, { value: given, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, inputs };
}

/** Why an input value is no value a plan can use, or undefined. */
function valueProblem(value: unknown): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return `${String(value)}, not a number a plan can use`;
  if (value instanceof Uint8Array) return 'binary data (!!binary)';
  return undefined;
}
