import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { planSchemaValidator } from '../helpers/plan-schema-validator.ts';
import { runCli } from '../helpers/run-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const examples = readdirSync(path.join(root, 'workflows'))
  .filter((name) => name.endsWith('.yml'))
  .map((name) => path.join('workflows', name));

// The goal gives reasoning and aggregate steps their instruction, which the editor cannot check without one.
const STEPS = 'goal: Test the rule\ntoolsets: [math]\nworkflow_sequence:\n';
/** Plans the CLI rejects, each for one rule an editor can show too. */
const INVALID: Record<string, string> = {
  'tool-call-without-tool': `${STEPS}  - { id: 1, type: tool_call, args: { a: 1, b: 2 } }\n`,
  'reasoning-with-tool': `${STEPS}  - { id: 1, type: reasoning, tool: add }\n`,
  'reasoning-with-args': `${STEPS}  - { id: 1, type: reasoning, args: { a: 1 } }\n`,
  'aggregate-with-tool': `${STEPS}  - { id: 1, type: reasoning }\n  - { id: 2, type: aggregate, tool: add, inputs: [1] }\n`,
  'tool-call-with-inputs': `${STEPS}  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, inputs: [] }\n`,
  'agent-without-task': `${STEPS}  - { id: 1, type: agent, tools: [add] }\n`,
  'reasoning-with-task': `${STEPS}  - { id: 1, type: reasoning, task: add things }\n`,
  'tool-call-with-max-turns': `${STEPS}  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 }, max_turns: 3 }\n`,
  'title-too-long': `${STEPS}  - { id: 1, type: reasoning, title: "${'x'.repeat(121)}" }\n`,
  'optional-dependency-without-step': `${STEPS}  - { id: 1, type: reasoning }\n  - { id: 2, type: reasoning, depends_on: [{ optional: true }] }\n`,
  'as-without-for-each': `${STEPS}  - { id: 1, type: reasoning, as: thing }\n`,
  'max-items-without-for-each': `${STEPS}  - { id: 1, type: reasoning, max_items: 3 }\n`,
  'bad-on-item-failure': 'goal: x\ninputs:\n  list: { default: "a" }\nworkflow_sequence:\n  - { id: 1, type: reasoning, for_each: "${inputs.list}", on_item_failure: skip }\n',
  'unknown-step-type': `${STEPS}  - { id: 1, type: thinking }\n`,
  'unknown-step-key': `${STEPS}  - { id: 1, type: reasoning, depends: [] }\n`,
  'step-id-with-space': `${STEPS}  - { id: "a b", type: reasoning }\n`,
  'empty-workflow-sequence': 'goal: x\nworkflow_sequence: []\n',
  'neither-goal-nor-steps': 'name: nothing to do\n',
  'unknown-top-level-key': 'goal: x\nsteps: []\n',
  'version-2': 'version: 2\ngoal: x\n',
  'goal-without-check': 'goal: x\ngoals:\n  - name: checks nothing\n',
  'goal-with-two-checks': 'goal: x\ngoals:\n  - { name: two, contains: a, max_words: 10 }\n',
  'goal-with-three-checks': 'goal: x\ngoals:\n  - { name: three, judge: fine, matches: a, min_words: 1 }\n',
  'goal-equals-a-number': 'goal: x\ngoals:\n  - { name: eleven, equals: 11 }\n',
  'goal-all-steps-completed-false': 'goal: x\ngoals:\n  - { name: all, all_steps_completed: false }\n',
  'goal-bad-flags': 'goal: x\ngoals:\n  - { name: flags, matches: a, flags: g }\n',
  'concurrency-zero': 'goal: x\nlimits: { concurrency: 0 }\n',
  // Found by a review: the CLI refuses an escalate block that names no one, which an editor took.
  'escalate-names-no-one': 'goal: x\nescalate: {}\n',
  'bad-duration': 'goal: x\ntools:\n  t: { description: d, command: [node], retry: { initial_interval: 2 hours } }\n',
  'command-tool-without-command': 'goal: x\ntools:\n  t: { description: d }\n',
  'bad-tool-name': 'goal: x\ntools:\n  "my tool": { description: d, command: [node] }\n',
  'http-allow-ftp': 'goal: x\ntoolsets: [http]\nhttp: { allow: ["ftp://example.com/"] }\n',
  'unknown-toolset': 'goal: x\ntoolsets: [shell]\n',
  'bad-mention': 'goal: x\nescalate: { mention: team }\n',
  'input-required-as-text': 'goal: x\ninputs:\n  week: { required: "yes" }\n',
  // zod read a URL trimmed, where the editor refused the spaces: both refuse them now (found by a hunt).
  'http-allow-leading-space': 'goal: x\ntoolsets: [http]\nhttp: { allow: [" https://api.example.com/v1/"] }\n',
  'mcp-url-trailing-space': 'goal: x\nmcp_servers:\n  docs: { url: "https://mcp.example.com/mcp " }\n',
  // Blank text (spaces, invisible characters), which the CLI refuses and the schema only knew as non-empty (found by a hunt).
  'blank-name': 'name: " "\ngoal: x\n',
  'blank-goal': 'goal: "\\u200b"\n',
  'blank-model-name': 'goal: x\nmodel: { name: " " }\n',
  'blank-agent-model': 'goal: x\nagents:\n  a: { model: "\\t\\u00a0" }\n',
  'as-steps': `${STEPS}  - { id: 1, type: reasoning }\n  - { id: 2, type: reasoning, for_each: "\${steps.1.result}", as: steps }\n`,
  'as-inputs': `${STEPS}  - { id: 1, type: reasoning }\n  - { id: 2, type: reasoning, for_each: "\${steps.1.result}", as: inputs }\n`,
  'uses-a-url': 'goal: x\nworkflow_sequence:\n  - { id: 1, type: plan, uses: "HTTPS://example.com/p.yml" }\n',
  'env-value-reads-home': 'goal: x\ntools:\n  t: { description: d, command: [node], env: { A: "${HOME}" } }\n',
  'mcp-header-unclosed': 'goal: x\nmcp_servers:\n  s: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ${env.TOKEN" } }\n',
  'allow-repos-owner-with-underscore': 'goal: x\ntoolsets: [github]\ngithub: { allow_repos: ["octo_org/reports"] }\n',
  'allow-repos-name-dot-dot': 'goal: x\ntoolsets: [github]\ngithub: { allow_repos: ["octo-org/.."] }\n',
  'http-allow-credentials': 'goal: x\ntoolsets: [http]\nhttp: { allow: ["https://u:p@api.example.com/"] }\n',
  'http-allow-query': 'goal: x\ntoolsets: [http]\nhttp: { allow: ["https://api.example.com/?a=1"] }\n',
  'http-allow-star': 'goal: x\ntoolsets: [http]\nhttp: { allow: ["https://*.example.com/"] }\n',
  'mcp-url-credentials': 'goal: x\nmcp_servers:\n  s: { url: "https://u:p@mcp.example.com/mcp" }\n',
  'github-without-the-toolset': 'goal: x\ngithub: { allow_repos: ["octo-org/reports"] }\n',
  'http-without-the-toolset': 'goal: x\ntoolsets: [math]\nhttp: { allow: ["https://api.example.com/v1/"] }\n',
};

/** Plans both accept, beside the examples: each one an editor once showed in red (none starts an MCP server: validate would). */
const VALID: Record<string, string> = {
  // The URL parser lower-cases the scheme; the schema's pattern took only `http` (found by a hunt).
  'http-allow-upper-case-scheme': 'goal: x\ntoolsets: [http]\nhttp: { allow: ["HTTPS://api.example.com/v1/"] }\n',
  'github-allow-urls-mixed-case-scheme': 'goal: x\ntoolsets: [github]\ngithub: { writes: { allow_urls: ["Https://example.com/docs/"] } }\n',
};

/** `workflow_sequence[0].tool` or `tools["my tool"]` as a JSON pointer. */
function pointerOf(cliPath: string): string {
  const segments = [...cliPath.matchAll(/\["((?:[^"\\]|\\.)*)"\]|\[(\d+)\]|\.?([^.[\]]+)/g)].map((match) => (match[1] !== undefined ? (JSON.parse(`"${match[1]}"`) as string) : (match[2] ?? match[3]!)));
  return segments.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

interface CliVerdict {
  readonly valid: boolean;
  readonly pointers: string[];
  readonly lines: string[];
}

/** Runs `plan-runner validate` once over all files and reads each file's verdict from its output. */
async function cliVerdicts(files: readonly string[]): Promise<Map<string, CliVerdict>> {
  const result = await runCli(['validate', ...files], { cwd: root, timeoutMs: 120_000 });
  const lines = result.stdout.split('\n');
  return new Map(
    files.map((file) => {
      const own = lines.filter((line) => line.startsWith(`${file}:`) || line.startsWith(`ok ${file}:`));
      const errors = own.filter((line) => !line.startsWith('ok ') && !/^\S+: \d+ errors?$/.test(line));
      const pointers = errors.map((line) => (line.endsWith(')') && line.includes(' (at ') ? line.slice(line.lastIndexOf(' (at ') + 5, -1) : '')).map(pointerOf);
      return [file, { valid: own.some((line) => line.startsWith(`ok ${file}:`)), pointers, lines: own }];
    }),
  );
}

describe('plan.schema.json agrees with the CLI', () => {
  const validate = planSchemaValidator();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-schema-'));
  const writePlans = (plans: Record<string, string>) =>
    Object.entries(plans).map(([name, text]) => {
      const file = path.join(tmp, `${name}.yml`);
      writeFileSync(file, text);
      return file;
    });
  const invalidFiles = writePlans(INVALID);
  const validFiles = writePlans(VALID);
  let verdicts: Map<string, CliVerdict>;
  beforeAll(async () => {
    verdicts = await cliVerdicts([...examples, ...validFiles, ...invalidFiles]);
  }, 600_000);

  it.each(examples)('both accept %s', (file) => {
    expect(verdicts.get(file)?.lines.join('\n')).toMatch(/^ok /);
    expect(validate(parse(readFileSync(path.join(root, file), 'utf8')))).toEqual([]);
  });

  it.each(Object.keys(VALID))('both accept %s', (name) => {
    const file = path.join(tmp, `${name}.yml`);
    expect(verdicts.get(file)?.lines.join('\n')).toMatch(/^ok /);
    expect(validate(parse(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it.each(Object.keys(INVALID))('both reject %s, the editor at the place the CLI names', (name) => {
    const file = path.join(tmp, `${name}.yml`);
    const cli = verdicts.get(file)!;
    expect(cli.valid, cli.lines.join('\n')).toBe(false);
    const schemaErrors = validate(parse(readFileSync(file, 'utf8')));
    expect(schemaErrors.length, `the schema accepts what the CLI rejects:\n${cli.lines.join('\n')}`).toBeGreaterThan(0);
    const schemaPointers = new Set(schemaErrors.map((error) => error.instancePath));
    // Every place the CLI marks is marked by the schema too, or (for a bad key) the object holding it.
    for (const pointer of cli.pointers) {
      const parent = pointer.slice(0, pointer.lastIndexOf('/'));
      expect(schemaPointers.has(pointer) || schemaPointers.has(parent), `CLI: ${pointer}; schema: ${[...schemaPointers].join(', ')}`).toBe(true);
    }
  });

  it('reads CLI paths as JSON pointers', () => {
    expect(pointerOf('workflow_sequence[0].tool')).toBe('/workflow_sequence/0/tool');
    expect(pointerOf('tools["my tool"]')).toBe('/tools/my tool');
    expect(pointerOf('')).toBe('');
  });
});
