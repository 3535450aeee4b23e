import { cutText } from '../core/cut-text.ts';
import { plainInputValue } from '../plan/plain-input-value.ts';

/** The `inputs` input as a map, or why it is not one. */
export type InputsMapResult =
  | {
      readonly ok: true;
      readonly inputs: Readonly<Record<string, unknown>>;
      /** Inputs named with no value (`week:`, a `${{ }}` that came out empty), taken as not given. */
      readonly empty: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/** What to do when a value from `${{ }}` (a title such as `fix: x`) broke the YAML. */
export const SAFE_INPUTS_HINT =
  'a value from an expression must be quoted for YAML: write it as JSON, e.g. ' +
  '`inputs: \'{"title": ${{ toJSON(github.event.pull_request.title) }}}\'`';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a single string' : `a ${typeof value}`;
}

/** The tags an input's value may have: a YAML string, map or list written with or without its tag. */
const PLAIN_TAGS = new Set(['tag:yaml.org,2002:str', 'tag:yaml.org,2002:map', 'tag:yaml.org,2002:seq']);

/** `!!timestamp` for `tag:yaml.org,2002:timestamp`, as YAML writes it. */
function shortTag(tag: string): string {
  return tag.replace(/^tag:yaml\.org,2002:/, '!!');
}

/**
 * Parses the `inputs` action input: a YAML or JSON map (JSON is YAML), e.g. `week: 2026-W48` or
 * `{"week": "2026-W48"}`. Empty text is an empty map; anything else that is not a map is an error.
 * A scalar is a number or a flag only when YAML reads it exactly as written (`scalarValue`), else its text,
 * which the plan's inputs read as their defaults' kinds (`resolveInputs`): read as YAML, `version: 1.10`
 * reached the plan as 1.1 and `zip: 01234` as 1234, and `!!set`, `!!omap` or `!!timestamp` as no value or an
 * object (found by an adversarial pass). A list or a map is data, each plain scalar in it read the same way (read as
 * YAML reads it, `db: {password: 00012345}` reached the tool as 12345, too short to be hidden as a secret, and a
 * `%YAML 1.1` directive made `2001-12-14` a timestamp and `on` true: found by a hunt of the action's inputs); a tag other
 * than a string's, a list's or a map's is refused, there too. The `yaml` package is loaded here, on first use: a run
 * without `inputs` never compiles it.
 */
export async function parseInputsMap(text: string): Promise<InputsMapResult> {
  if (text.trim() === '') return { ok: true, inputs: {}, empty: [] };
  const { isAlias, isCollection, isMap, isNode, isScalar, parseDocument, visit } = await import('yaml');
  // Warnings (an unknown tag) would go to stderr quoting the input's line, where the runner reads
  // workflow commands: `::stop-commands::` in a value would have switched every later one off.
  const document = parseDocument(text, { logLevel: 'error' });
  const [error] = document.errors;
  if (error) {
    const first = error.message.split('\n', 1)[0];
    return { ok: false, message: `not valid YAML or JSON (${first}); write a map such as "week: 2026-W48". If ${SAFE_INPUTS_HINT}` };
  }
  const root = document.contents;
  if (root === null || (isScalar(root) && root.value === null && root.tag === undefined)) return { ok: true, inputs: {}, empty: [] };
  if (!isMap(root) || (root.tag !== undefined && !PLAIN_TAGS.has(root.tag))) {
    const got = isMap(root) || isCollection(root) ? (root.tag ? `a ${shortTag(root.tag)}` : 'a list') : kindOf(root.toJS(document));
    return { ok: false, message: `expected a map of input names to values, such as "week: 2026-W48", got ${got}. If ${SAFE_INPUTS_HINT}` };
  }
  const inputs: Record<string, unknown> = {};
  const empty: string[] = [];
  for (const pair of root.items) {
    const key = pair.key;
    const name = isScalar(key) && key.type === 'PLAIN' && typeof key.source === 'string' ? key.source : isScalar(key) ? String(key.value) : undefined;
    if (name === undefined) return { ok: false, message: `an input's name is ${isCollection(key) ? 'a list or a map' : 'missing'}; write names as plain text, such as "week: 2026-W48"` };
    const value = isAlias(pair.value) ? pair.value.resolve(document) : pair.value;
    const at = `input \`${cutText(name, 65)}\``;
    // `pattern: *.md`, a glob written bare, is an alias to no anchor: it was taken as no value, and the plan's default ran.
    if (isAlias(pair.value) && value === undefined) {
      return { ok: false, message: `${at} is \`*${cutText(pair.value.source, 60)}\`, which YAML reads as an alias to an anchor the map does not have; quote it to give the text (\`'*${cutText(pair.value.source, 60)}'\`)` };
    }
    // A value YAML reads as null (`week:` with nothing after, `week: ${{ inputs.week }}` left empty) is an
    // input not given, as an empty input is on GitHub: the plan's default, or its "required" error,
    // applies; it reached the plan as "null" before.
    if (value === null || value === undefined || (isScalar(value) && value.value === null && value.tag === undefined)) {
      empty.push(name);
      continue;
    }
    let tagged: string | undefined;
    if (isNode(value)) {
      visit(value, (_key, node) => {
        if (isNode(node) && node.tag !== undefined && !PLAIN_TAGS.has(node.tag)) {
          tagged = node.tag;
          return visit.BREAK;
        }
        return undefined;
      });
    }
    if (tagged !== undefined) return { ok: false, message: `${at} has the YAML tag ${shortTag(tagged)}, which plan inputs do not take; write the value as plain text, a list or a map, or quote it` };
    // Each plain scalar inside, as a top-level one is read (`scalarValue`); a null stays null.
    if (!isScalar(value)) {
      visit(value, {
        Scalar: (_key, node) => {
          if (node.type === 'PLAIN' && node.tag === undefined && node.value !== null && typeof node.source === 'string') node.value = plainInputValue(node.source);
        },
      });
    }
    let given: unknown;
    try {
      given = isScalar(value) ? scalarValue(value) : (value as { toJS(doc: unknown): unknown }).toJS(document);
    } catch (thrown) {
      // Aliases are written out here, and one that repeats too much (a "billion laughs" map) stops.
      const first = (thrown instanceof Error ? thrown.message : String(thrown)).split('\n', 1)[0];
      return { ok: false, message: `not valid YAML or JSON (${first}); write a map such as "week: 2026-W48". If ${SAFE_INPUTS_HINT}` };
    }
    const problem = valueProblem(given);
    if (problem) return { ok: false, message: `${at} is ${problem}; give it a value the plan can use, or leave it out for the plan's default` };
    Object.defineProperty(inputs, name, { value: given, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, inputs, empty };
}

/**
 * A scalar as given: a plain one as `plainInputValue` reads it, as the CLI reads `--input` (a number or a flag
 * only when it reads back exactly as written); a quoted one's string.
 */
function scalarValue(scalar: { readonly type?: string; readonly source?: string; readonly value: unknown; readonly tag?: string }): unknown {
  // `!!str 7` is the text it tags: the tag was passed over, and the input took the number.
  if (scalar.type !== 'PLAIN' || typeof scalar.source !== 'string' || scalar.tag === 'tag:yaml.org,2002:str') return String(scalar.value);
  return plainInputValue(scalar.source);
}

/** Why a list or map given as an input holds what no plan can use (a number JSON cannot hold: 1e400, .nan), or undefined. */
function valueProblem(value: unknown): string | undefined {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'number' && !Number.isFinite(item)) return `a list or map holding ${String(item)}, not a number a plan can use`;
    if (item !== null && typeof item === 'object') for (const inner of Object.values(item)) stack.push(inner);
  }
  return undefined;
}
