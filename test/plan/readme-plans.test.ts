import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';

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

/**
 * The README's whole plans: a block with a top-level `goal:` or `workflow_sequence:` that is no workflow. An excerpt
 * that elides a value (`fetch_return_rates: …`) says it is one, and is left out; a step list or a `toolsets:` fragment
 * is not a plan.
 */
const plans = yamlBlocks(readFileSync('README.md', 'utf8')).filter(
  ({ text }) => /^(goal|workflow_sequence):/m.test(text) && !(/^on:/m.test(text) && /^jobs:/m.test(text)) && !/:\s*…\s*(#.*)?$/m.test(text),
);

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
