import { parseJson } from '../src/core/parse-json.ts';
import { boundedSafeParse } from '../src/plan/bounded-check.ts';
import { compileJsonSchema } from '../src/plan/compile-json-schema.ts';
import { validateToolArguments } from '../src/steps/validate-tool-arguments.ts';
import type { Tool } from '../src/tools/tool.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

const REPEATS = 5;

function timed(work: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return times;
}

function compiled(schema: Record<string, unknown>) {
  const result = compileJsonSchema(schema);
  if (!result.ok) throw new Error(result.message);
  return result.schema;
}

const tool = (inputSchema: Record<string, unknown>): Tool => ({ name: 'bench', description: 'bench', inputSchema, sideEffects: false, execute: async () => null });

/**
 * A check stopped at its limit: the time it took, against the limit. The schema is a chain of 26
 * definitions each reaching the next twice (2^26 checks), at the bottom of a recursive object; the value, a
 * model's arguments 120 levels deep with 400 more keys at each (515 KB). Each schema reached past the limit
 * added an issue, which zod copied at every level on the way up: 12.6 s at a 5 s limit.
 */
function stoppedCheck(): (string | number)[] {
  const links = 26;
  const defs: Record<string, unknown> = { n: { type: 'object', properties: { q: { $ref: '#/$defs/n' }, x: { $ref: '#/$defs/e0' } }, additionalProperties: { type: 'string' } } };
  for (let i = 0; i < links; i++) defs[`e${i}`] = { anyOf: [{ $ref: `#/$defs/e${i + 1}` }, { allOf: [{ $ref: `#/$defs/e${i + 1}` }, { type: 'object' }] }] };
  defs[`e${links}`] = { type: 'object', properties: { z: { type: 'string' } } };
  const schema = compiled({ $ref: '#/$defs/n', $defs: defs });
  const siblings = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`s${i}`, 'x']));
  let value: unknown = { x: { z: 1 } };
  for (let level = 0; level < 120; level++) value = { q: value, ...siblings };
  const args = parseJson(JSON.stringify(value));
  const limit = 1_000;
  const times = timed(() => {
    if (!('unchecked' in boundedSafeParse(schema, args, { reportInput: true }, limit))) throw new Error('the check was not stopped');
  });
  return ['a check stopped at its limit (515 KB of arguments, 120 deep; was 2.5× at 5 s)', limit, median(times), spread(times), median(times) / limit];
}

/** Converting a definition that references spell 200 ways, against 200 references spelt one way (was 4.5 s). */
function refSpellings(): (string | number)[] {
  const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`p${i}`, { type: 'string' }])) };
  const schema = (spell: (i: number) => string) => ({ type: 'object', properties: Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`r${i}`, { $ref: spell(i) }])), $defs: { zzzzz: big } });
  const base = timed(() => compiled(schema(() => '#/$defs/zzzzz')));
  // Each `z` as itself, `%7a` or `%7A`: 243 spellings of one pointer.
  const times = timed(() => compiled(schema((i) => `#/$defs/${Array.from({ length: 5 }, (_, digit) => ['z', '%7a', '%7A'][Math.floor(i / 3 ** digit) % 3]).join('')}`)));
  return ['convert: 200 spellings of one `$ref` to 2,000 properties (was 4.5 s)', 200, median(times), spread(times), median(times) / median(base)];
}

/**
 * A row for refusing the `wrong` items of `xs` against a tool whose items are `hostile`, against one whose items
 * are `baseline`: each tool's validator is built before the timing (it is built once per tool).
 */
function refusalRow(what: string, wrong: readonly string[], hostile: Record<string, unknown>, baseline: Record<string, unknown>): (string | number)[] {
  const itemsOf = (items: Record<string, unknown>) => tool({ type: 'object', properties: { xs: { type: 'array', items } } });
  const [slow, fast] = [itemsOf(hostile), itemsOf(baseline)];
  const args = { xs: wrong };
  validateToolArguments(slow, {});
  validateToolArguments(fast, {});
  const base = timed(() => validateToolArguments(fast, args));
  const times = timed(() => validateToolArguments(slow, args));
  return [what, wrong.length, median(times), spread(times), median(times) / median(base)];
}

const names = (count: number, prefix: string): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

/** Enum refusals: zod listed every value in every issue (6.3 s and 1.5 GB), checked a mixed enum a literal per branch
 * (5 s and 1.2 GB), and tried each of a `oneOf` of titled `const`s (983 ms and 207 MB). */
function enumRefusals(): (string | number)[][] {
  const kinds = names(1_200, 'kind-');
  return [
    refusalRow('refuse: 1,000 wrong tags, an enum of 20,000 against one of 20 (was 6.3 s)', names(1_000, 'wrong-'), { enum: names(20_000, 'value-number-') }, { enum: names(20, 'value-number-') }),
    // Short wrong values, far from every name: the rows time the check, not the search for "did you mean".
    refusalRow('refuse: 300 wrong values, 20,000 strings and null against the strings alone (was 5 s)', names(300, 'w'), { enum: [...names(20_000, 'v'), null] }, { enum: names(20_000, 'v') }),
    refusalRow('refuse: 300 wrong values, a `oneOf` of 1,200 titled `const`s against an enum of them (was 983 ms)', names(300, 'w'), { oneOf: kinds.map((value, i) => ({ const: value, title: `Kind ${i}` })) }, { enum: kinds }),
  ];
}

/** Converting `type: [object, object]` nested 18 levels, against `type: object` (was 20.7 s and 3.4 GB). */
function repeatedTypes(): (string | number)[] {
  const nested = (type: unknown) => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 18; level++) schema = { type, properties: { a: schema } };
    return schema;
  };
  const base = timed(() => compiled(nested('object')));
  const times = timed(() => compiled(nested(['object', 'object'])));
  return ['convert: `type: [object, object]` nested 18 levels (was 20.7 s)', 18, median(times), spread(times), median(times) / median(base)];
}

/**
 * Section (12): what an MCP server's input schema and a model's arguments against it cost, each against the
 * same work without the hostile part, timed in the same run. A ratio near 1 means the hostile part costs
 * nothing more; for the stopped check, the ratio is to its limit.
 */
export function hostileSchema(): BenchTable {
  return {
    title: '(12) Hostile schemas: tool input schemas and arguments that made conversion and checks blow up',
    columns: ['what', 'size', 'median ms', 'spread', '× baseline'],
    rows: [stoppedCheck(), refSpellings(), ...enumRefusals(), repeatedTypes()],
    notes: [
      `median of ${REPEATS} runs each; the baseline is the same work without the hostile part (for the stopped check, its limit), in the same run`,
      'the "was" figures are the code before this round, measured by an adversarial review on this machine',
    ],
  };
}
