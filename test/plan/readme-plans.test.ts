import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULT_FILE, FaultFile } from '../../src/eval/fault-rule.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { readYamlFile } from '../../src/plan/read-yaml-file.ts';

/** A ```yaml block of a Markdown file: where its text starts, and its text without the fence's indent. */
interface YamlBlock {
  readonly line: number;
  readonly text: string;
}

function yamlBlocks(markdown: string): YamlBlock[] {
  const lines = markdown.split('\n');
  const blocks: YamlBlock[] = [];
  for (let at = 0; at < lines.length; at++) {
    const open = /^( *)```ya?ml\s*$/.exec(lines[at]!);
    if (!open) continue;
    const indent = open[1]!.length;
    let end = at + 1;
    while (end < lines.length && !/^ *```\s*$/.test(lines[end]!)) end++;
    blocks.push({ line: at + 2, text: `${lines.slice(at + 1, end).map((line) => line.slice(indent)).join('\n')}\n` });
    at = end;
  }
  return blocks;
}

const blocks = yamlBlocks(readFileSync('README.md', 'utf8'));
const isWorkflow = (text: string): boolean => /^ *on:/m.test(text) && /^ *jobs:/m.test(text);
/** An excerpt that elides a value (`fetch_return_rates: …`) says it is one. */
const isElided = (text: string): boolean => /:\s*…\s*(#.*)?$/m.test(text);
/**
 * The README's whole plans: a block with a top-level `goal:` or `workflow_sequence:` that is no workflow and elides
 * nothing; a step list or a `toolsets:` fragment is not a plan (see FRAGMENTS).
 */
const isPlan = ({ text }: YamlBlock): boolean => /^(goal|workflow_sequence):/m.test(text) && !isWorkflow(text) && !isElided(text);
const plans = blocks.filter(isPlan);

const TOOLS = `tools:
  fetch_sales_data: { description: Sales by category, command: [node, tools/sales.mjs] }
  fetch_return_rates: { description: Return rates, command: [node, tools/returns.mjs] }
  list_packages: { description: The packages, command: [node, tools/list.mjs] }
  review_package: { description: Review one package, command: [node, tools/review.mjs] }
`;

/**
 * The README's plan fragments, by their first line, each made a whole plan with what it names around it (its tools, the
 * step it reads, a model): a step, or a block of top-level keys. Each validates as the fragment a reader copies.
 */
const FRAGMENTS: readonly { readonly starts: string; readonly plan: (text: string) => string }[] = [
  { starts: '  - id: triage', plan: (text) => `name: t\nmodel: { name: gpt-4o-mini }\ninputs: { week: { default: "2026-W48" } }\n${TOOLS}workflow_sequence:\n${text}` },
  { starts: '  - id: review', plan: (text) => `name: t\n${TOOLS}workflow_sequence:\n  - { id: list, type: tool_call, tool: list_packages }\n${text}` },
  { starts: 'toolsets: [files, github, http]', plan: (text) => `name: t\n${text}workflow_sequence:\n  - { id: a, type: tool_call, tool: http_get, args: { url: "https://api.example.com/v1/x" } }\n` },
  { starts: 'pricing:', plan: (text) => `name: t\nmodel: { name: my-model }\n${text}goal: Sum the week's sales\n` },
  { starts: 'tools:', plan: (text) => `name: t\n${text}workflow_sequence:\n  - { id: a, type: tool_call, tool: count_lines }\n` },
  { starts: 'github:', plan: (text) => `name: t\nmodel: { name: gpt-4o-mini }\ntoolsets: [github]\n${text}goal: Triage the new issues\n` },
];
const fragmentOf = ({ text }: YamlBlock) => FRAGMENTS.find((fragment) => text.startsWith(`${fragment.starts}\n`));

/** What the README's other YAML blocks are, each a kind no plan test reads: a workflow or a step of one, the line of the schema, a fault file. */
const OTHER_BLOCKS: readonly { readonly is: string; readonly test: (text: string) => boolean }[] = [
  { is: 'a workflow, which actionlint checks', test: isWorkflow },
  { is: "a workflow step's lines", test: (text) => /^\s*(- id: \w+\n\s+)?uses: your-org\/plan-runner@v1$/m.test(text) || /^\s+inputs: '/.test(text) },
  { is: 'the schema line an editor reads', test: (text) => /^# yaml-language-server: \$schema=\S+\n$/.test(text) },
  { is: 'a fault file', test: (text) => /^- \{ (tool|model): /.test(text) },
  { is: 'an excerpt that elides a value', test: isElided },
];

// Found by a docs pass: the README's plans were checked by nobody, the workflow blocks by actionlint, the plan
// files under workflows/ by their tests; a key renamed or a rule added could leave a README plan one that
// `plan-runner validate` refuses, which a reader copies first.
describe('the README’s plans', () => {
  it('are found: the merge gate, the fan-out plan and the overview of the plan file', () => {
    expect(plans.map(({ text }) => /^name: (.*?)\s*(#.*)?$/m.exec(text)?.[1])).toEqual(['Merge gate', 'Package checks', 'Weekly product health report']);
  });

  it.each(plans.map((plan) => [plan.line, plan] as const))('validate (README.md line %i)', async (line, { text }) => {
    const result = await loadPlanText(text, `README.md:${line}`);
    expect(result.ok ? [] : result.errors.map((error) => formatPlanError(error))).toEqual([]);
  });
});

// Found by a docs pass: the README's step and key fragments (the agent step, for_each, toolsets, pricing, tools, github
// writes) were checked by nobody, as its whole plans were before.
describe('the README’s plan fragments', () => {
  it('are each a whole plan, a fragment made one below, or a block of another kind', () => {
    const unknown = blocks.filter((block) => !isPlan(block) && !fragmentOf(block) && !OTHER_BLOCKS.some((other) => other.test(block.text)));
    expect(unknown.map(({ line, text }) => `README.md:${line}: ${text.split('\n')[0]}`)).toEqual([]);
    expect(FRAGMENTS.filter((fragment) => !blocks.some((block) => fragmentOf(block) === fragment)).map(({ starts }) => starts)).toEqual([]);
  });

  it.each(blocks.filter((block) => fragmentOf(block)).map((block) => [block.line, block] as const))('validate, with what they name around them (README.md line %i)', async (line, block) => {
    const result = await loadPlanText(fragmentOf(block)!.plan(block.text), `README.md:${line} (made a plan)`);
    expect(result.ok ? [] : result.errors.map((error) => formatPlanError(error))).toEqual([]);
  });

  it('include a fault file that plan-runner eval reads', async () => {
    const faults = blocks.filter(({ text }) => /^- \{ (tool|model): /.test(text));
    expect(faults).toHaveLength(1);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'readme-faults-'));
    try {
      const file = path.join(dir, 'faults.yml');
      writeFileSync(file, faults[0]!.text);
      const read = await readYamlFile(file, FaultFile, FAULT_FILE);
      expect(read.ok ? [] : read.errors.map((error) => formatPlanError(error))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
