import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanFile } from '../../src/plan/load-plan.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { planNeedsModel } from '../../src/plan/steps-needing-model.ts';
import { loadPlanWithServers } from '../../src/job/load-plan-with-servers.ts';
import { errorsFor, validPlan } from './plan-text.ts';

// The blog post's workflow_sequence, verbatim (../shared/seeds/000_10fbb461e3744f57.txt).
const BLOG_SEQUENCE = `workflow_sequence:
  # tool_call: names the tool, LLM decides the args from conversation history
  - id: 1
    type: tool_call
    tool: fetch_sales_data
    description: "Fetch this week's sales figures for all product categories"

  - id: 2
    type: tool_call
    tool: fetch_return_rates
    description: "Fetch product return rates for the same period"

  # reasoning: LLM reflects on history and produces a text result
  - id: 3
    type: reasoning
    description: "Based on the sales and return data, identify which categories are underperforming and why"

  - id: 4
    type: tool_call
    tool: fetch_inventory_levels
    description: "Fetch current inventory levels for the underperforming categories identified in step 3"

  # aggregate: LLM combines results from specified step ids into a final answer
  - id: 5
    type: aggregate
    inputs: [1, 2, 3, 4]
    description: "Compile a concise executive summary covering performance, issues, inventory risk, and recommended actions"
`;

const BLOG_TOOLS = `tools:
  fetch_sales_data: { description: Weekly sales, command: [node, sales.mjs] }
  fetch_return_rates: { description: Return rates, command: [node, returns.mjs] }
  fetch_inventory_levels: { description: Inventory, command: [node, inventory.mjs] }
`;

describe('the blog post’s plan', () => {
  it('is valid once its tools are declared: numeric ids, no args, inputs on the aggregate', async () => {
    const plan = await validPlan(BLOG_TOOLS + BLOG_SEQUENCE);
    expect(plan.steps.map((step) => [step.key, step.type, step.dependsOn])).toEqual([
      ['1', 'tool_call', []],
      ['2', 'tool_call', ['1']],
      ['3', 'reasoning', ['2']],
      ['4', 'tool_call', ['3']],
      ['5', 'aggregate', ['1', '2', '3', '4']],
    ]);
    expect(plan.steps[4]!.inputs).toEqual(['1', '2', '3', '4']);
    expect(planNeedsModel(plan)).toBe(true);
  });

  it('names its undeclared tools when they are missing', async () => {
    expect((await errorsFor(BLOG_SEQUENCE)).map((line) => line.split(';')[0])).toEqual([
      'plan.yml:5:11: unknown tool `fetch_sales_data`',
      'plan.yml:10:11: unknown tool `fetch_return_rates`',
      'plan.yml:20:11: unknown tool `fetch_inventory_levels`',
    ]);
  });
});

describe('workflows/', () => {
  const dir = join(import.meta.dirname, '../../workflows');
  const files = readdirSync(dir).filter((name) => name.endsWith('.yml') || name.endsWith('.yaml'));

  it('has the two examples the issue asks for', async () => {
    expect(files).toEqual(expect.arrayContaining(['bodmas.yml', 'weekly-report.yml']));
  });

  it.each(files)('%s validates', async (name) => {
    // An example with mcp_servers validates against its servers' tool lists, as `plan-runner validate` does.
    const result = await loadPlanWithServers(join(dir, name), { signal: new AbortController().signal, cwd: join(dir, '..'), env: process.env, learnSecrets: undefined });
    if (result.ok) await result.servers?.close();
    expect(result.ok ? [] : result.errors.map(formatPlanError)).toEqual([]);
  });

  it('bodmas.yml chains four math tool calls with step references and needs no model', async () => {
    const result = await loadPlanFile(join(dir, 'bodmas.yml'));
    if (!result.ok) expect.fail(result.errors.map(formatPlanError).join('\n'));
    expect(result.plan.steps.map((step) => step.tool)).toEqual(['multiply', 'divide', 'add', 'subtract']);
    expect(planNeedsModel(result.plan)).toBe(false);
  });

  it('every example points editors at the committed schema', async () => {
    for (const name of files) expect(readFileSync(join(dir, name), 'utf8')).toMatch(/^# yaml-language-server: \$schema=\.\.\/plan\.schema\.json$/m);
  });
});
