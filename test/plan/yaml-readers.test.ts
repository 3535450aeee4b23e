import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { MAX_NESTING } from '../../src/plan/parse-plan-yaml.ts';
import { readPlainYaml } from '../../src/plan/read-plain-yaml.ts';
import { parseWithPositions } from '../../src/plan/yaml-document.ts';
import { yaml } from './plan-text.ts';

const root = path.resolve(import.meta.dirname, '../..');
const examples = readdirSync(path.join(root, 'workflows'))
  .filter((name) => name.endsWith('.yml'))
  .map((name) => readFileSync(path.join(root, 'workflows', name), 'utf8'));

const step = (id: string, extra = '') => `  - {id: ${id}, type: tool_call, tool: add, args: {a: 1, b: 2}${extra}}`;
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Broken and hostile plans: every one must be rejected with the same errors at the same line:column by both readers. */
const INVALID = [
  yaml('goal: one', 'name: n', 'goal: two'),
  yaml('goal: g', 'inputs:', '  1: {}', '  "1": {}'),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', '  - {id: 1, type: tool_call, tool: add, tool: subtract, args: {a: 1, b: 2}}'),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', '  - id: 1', '    type: tool_call', '    tool: add', '    args: {a: 1, a: 2}'),
  yaml('a: &a ["x","x","x","x","x","x","x","x","x"]', 'b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]', 'c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]', 'd: [*c,*c,*c,*c,*c,*c,*c,*c,*c]', 'goal: g'),
  yaml('goal: &g g', 'name: *g', 'wat: 1'),
  yaml('goal: !!str 1', 'extra: !custom x'),
  'goal: g\nmodel:\n\tname: x\n',
  yaml('goal: g', '---', 'goal: h'),
  yaml('goal: g', '? [a, b]', ': 1'),
  '',
  '# only a comment\n',
  yaml('- goal: g'),
  yaml('just text'),
  yaml(`goal: ${nested(MAX_NESTING + 5)}`),
  yaml('goal: g', 'workflow_sequence: [1, 2', 'tools: {}'),
  yaml('goal: "unterminated'),
  yaml('goal: g', '  name: bad indent'),
  yaml('goal: g', 'name: a: b'),
  yaml(`${'k'.repeat(1100)}: 1`, 'goal: g'),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', step('1'), step('1'), step('2', ', depends_on: [9]')),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', step('1', ', depends_on: [2]'), step('2', ', depends_on: [1]')),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', '  - {id: 1, type: tool_call, tool: ad, depend_on: []}'),
  yaml('goal: g', 'toolsets: [math]', 'limits: {concurrency: 0x10, max_steps: 1e3, timeout_minutes: .inf}', 'workflow_sequence:', step('1')),
  yaml('goal: g', 'toolsets: [math]', 'limits: {concurrency: ~, max_steps: true, max_replans: -1}', 'workflow_sequence:', step('1')),
  yaml('goal: g', 'name: [a, {b: c}]', 'model: {name: 0o17, temperature: 9}'),
  yaml('goal: g', 'null: 1', 'true: 2', '1.0: 3'),
  yaml('goal: g', 'toolsets: [math]', 'workflow_sequence:', '  - {id: 1, type: tool_call, tool: add, args: {a: 0x20000000000001, b: 0o400000000000000001}}'),
  // JSON's `"key":value`, with no blank after the colon: the fast reader took `01234` as 1234 and a 20-digit id as another.
  yaml('goal: g', 'inputs: {"zip":{"default":01234}, "id":{"default":12345678901234567890}, "n":{"default":0x20000000000001}}'),
  yaml('goal: g', 'inputs: {"m": {"default" :007}}'),
  // Plain keys YAML reads as null or a number, not as written (found by a hunt): refused at the key by both readers.
  yaml('goal: g', 'inputs:', '  Null: {}', '  NULL: {}', '  ~: {}', '  +1: {}', '  .inf: {}', '  .nan: {}', '  1e400: {}'),
  yaml('goal: g', 'tools:', '  123456789012345678901234567890: {description: d, command: [node]}', '  1.0: {description: d, command: [node], env: {null: a}}'),
  yaml('goal: g', 'mcp_servers:', '  ~: {url: "https://mcp.example.com/mcp", headers: {NULL: x}}'),
  yaml('goal: g', ': empty key'),
  yaml('goal: g', '__proto__: {polluted: true}'),
  yaml('goal: |', '  block', ' bad: indentation'),
  yaml('goal: g', 'workflow_sequence:', '  - id: 1', '    type: reasoning', '    description: >-', '      folded', '', '      text', '    extra_field: 1'),
  '\uFEFFgoal: g\nwat: 1\n',
  ...examples.map((text) => text.replace(/tool: (\w+)/, 'tool: $1_missing').replace('goal:', 'gaol:')),
];

async function both(text: string) {
  return { fast: await loadPlanText(text, 'plan.yml'), positions: await loadPlanText(text, 'plan.yml', { positionsFirst: true }) };
}

describe('the two YAML readers agree', () => {
  it('on every invalid or hostile plan: the same errors at the same line and column', async () => {
    for (const text of INVALID) {
      const { fast, positions } = await both(text);
      expect(positions.ok, text).toBe(false);
      expect(fast, text).toEqual(positions);
    }
    // The corpus exercises the fast reader, not only the fallback.
    expect(INVALID.filter((text) => readPlainYaml(text, MAX_NESTING) !== undefined).length).toBeGreaterThanOrEqual(10);
  });

  it('on every example plan, read by the fast reader', async () => {
    for (const text of examples) {
      expect(readPlainYaml(text, MAX_NESTING), text.slice(0, 80)).not.toBeUndefined();
      const { fast, positions } = await both(text);
      expect(fast).toEqual(positions);
    }
  });

  it('on any plain scalar, in any position', async () => {
    const atom = fc.oneof(
      fc.constantFrom('1', '-1', '+1', '01', '0o17', '0o8', '0x1F', '0b11', '1_000', '1.', '.5', '1e3', '1E-3', '.inf', '-.INF', '.NaN', 'nan', '~', 'null', 'Null', 'nULL', 'true', 'TRUE', 'tRUE', 'yes', 'on', '2026-11-30', '12:30', '-0', '12345678901234567890', '"1"', "'it''s'", '"a\\tb\\u00e9"', 'a # c', '<<', '='),
      fc.stringMatching(/^[-+.0-9eExXoO_a-z ]{1,8}$/),
    );
    const contexts = [
      (x: string) => `goal: ${x}\n`,
      (x: string) => `goal: g\ninputs: {a: {default: [${x}, ${x}]}}\n`,
      (x: string) => `goal: g\nname:\n  - ${x}\n`,
      (x: string) => `goal: g\n${x}: 1\n`,
      (x: string) => `goal: |\n  ${x}\n  ${x}\n`,
      (x: string) => `goal: ${x}\n  ${x}\n`,
    ];
    await fc.assert(
      fc.asyncProperty(atom, fc.constantFrom(...contexts), async (value, context) => {
        const { fast, positions } = await both(context(value));
        expect(fast).toEqual(positions);
      }),
      { numRuns: 400 },
    );
  });
});

describe('texts the fast reader took that the yaml package refuses', () => {
  it.each([
    ['a quoted goal continued at the margin', 'name: x\ngoal: "Fix the\nbug"\n'],
    ['a comment against a closing quote', 'name: x\ngoal: "Fix it"# why\n'],
    ['the same with a schema error beside it', 'name: x\ngoal: "Fix the\nbug"\nworkflow_sequence:\n  - { id: 1 }\n'],
  ])('%s: both readers refuse it with the same errors', async (_name, text) => {
    const { fast, positions } = await both(text);
    expect(positions.ok).toBe(false);
    expect(fast).toEqual(positions);
  });
});

/**
 * Found by a differential fuzz of the two readers (7.7 million texts), one or two per kind, each
 * minimised: js-yaml took every one, and `yaml` refused it or read another value.
 */
const TOOK_WHAT_YAML_READS_OTHERWISE: ReadonlyArray<readonly [string, string]> = [
  ['a double-quoted scalar continued after an escaped line break', 'a: "x\\\ny"'],
  ['a quoted scalar continued, opened right after a colon', 'a: {"b":"x\ny"}'],
  ['a flow sequence continued at its key\'s column', 'a: [b,\nc]'],
  ['a flow sequence continued at its list item\'s column', '- - [b,\n  c]'],
  ['more after a bracket closing a collection that spans lines', '.: [\n ]l:'],
  ['a flow sequence as a key', '[a]: x'],
  ['an empty flow map as a key', '{}:'],
  ['a flow sequence as a key in a flow map', '{[a]: x}'],
  ['a flow map as a key in a flow map', '{{}}'],
  ['a comment against a closing bracket', 'a: [b]#c'],
  ['a lone CR between entries', 'a: 1\rb: 2'],
  ['a lone CR at the end of a value', 'a: b\r'],
  ['an escape past U+10FFFF', 'a: "\\U00110000"'],
  ['a bare tag', 'a: !'],
  ['an anchor followed by a no-break space', '&\u00a0 :'],
  ['a non-text key before a flow value', '{1.0:[]}'],
  ['a non-text lone key in a flow map', '{a:{},Null}'],
  ['four dashes', '----'],
  ['a document marker run into text', '---x'],
  ['a document marker run into a comment', '---#\na: 1'],
  ['an empty item in a nested list', '- -\n- b'],
  ['an empty item indented past the next one', ' -\n- b'],
  ['a block scalar with an indentation indicator', 'b: |1\n  '],
  ['a kept block scalar ending in a line of spaces', 'a: |+\n  x\n '],
  ['a block scalar whose first line is blank, then an indented #', 'a: |\n  \n #'],
  ['a block scalar as the whole document', '|1\n-'],
  ['a quote inside a plain key, then a flow map that spans lines', ' :": {\n}'],
  ['a comment at the margin inside a flow map that spans lines', '{a: x\n#\n}'],
  ['a quote inside a plain scalar, then a flow sequence continued left of its item', '- a "x: ["y",\n ]'],
  ['the same with single quotes and a flow map', " a 'x: {'y': 1\n}"],
  ['a quoted key, a space, then a colon and a quoted value that holds a bracket', 'k: {"" :"]", 1.}'],
  ['a plain scalar ending in a quote before a colon, in a flow map', 'k: {a":","]", 1.}'],
  ['a quote at the start of a line that goes on a plain scalar in a flow map', 'k: {a\n ",1.,\'"\'}'],
  ['a comment between a key and its plain value, left of the value', 'k:\n#c\n  a\nx: 1'],
  ['the same in a list item', '- k:\n#c\n   a\n- b'],
];

describe('texts js-yaml took that the yaml package refuses or reads as another value', () => {
  it.each(TOOK_WHAT_YAML_READS_OTHERWISE)('%s: the fast reader leaves it to `yaml`, or reads what `yaml` reads', (_name, text) => {
    const fast = readPlainYaml(text, MAX_NESTING);
    if (fast === undefined) return;
    const reference = parseWithPositions(text);
    expect(reference.ok && reference.parsed.value).toEqual(fast);
  });
});
