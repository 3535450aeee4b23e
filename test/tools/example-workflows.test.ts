import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveReferences } from '../../src/plan/resolve-references.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import { buildToolRegistry } from '../../src/job/build-tool-registry.ts';
import { loadPlanWithServers } from '../../src/job/load-plan-with-servers.ts';
import { requireTool } from '../../src/tools/require-tool.ts';
import { ToolExitError } from '../../src/tools/tool-exit-error.ts';

const root = path.resolve(import.meta.dirname, '../..');
const workflows = path.join(root, 'workflows');
const ctx = { signal: new AbortController().signal, cwd: root, stepKey: 'test' };

async function load(name: string): Promise<ValidPlan> {
  // An example with mcp_servers validates against its servers' tool lists, as `plan-runner validate` does.
  const result = await loadPlanWithServers(path.join(workflows, name), { signal: new AbortController().signal, cwd: root, env: process.env, learnSecrets: undefined });
  if (!result.ok) throw new Error(result.errors.map((error) => `${error.line}:${error.column} ${error.message}`).join('\n'));
  await result.servers?.close();
  return result.plan;
}

describe('the example workflows', () => {
  it('all validate and point editors at the plan schema on their first line', async () => {
    const files = (await readdir(workflows)).filter((file) => file.endsWith('.yml'));
    expect(files).toEqual(expect.arrayContaining(['bodmas.yml', 'weekly-report.yml']));
    for (const file of files) {
      await load(file);
      const firstLine = (await readFile(path.join(workflows, file), 'utf8')).split('\n', 1)[0];
      expect(firstLine).toBe('# yaml-language-server: $schema=../plan.schema.json');
    }
  });

  it('bodmas.yml computes 2 + 3 × 4 − 6 ÷ 2 = 11 in four math tool calls, in order', async () => {
    const plan = await load('bodmas.yml');
    const tools = buildToolRegistry(plan.source, { cwd: root, env: {}, redact: (text: string) => text });
    const results = new Map<string, unknown>();
    for (const step of plan.steps) {
      // The plan's own order satisfies every dependency: each step depends on the one before it.
      expect(step.dependsOn.every((key) => results.has(key))).toBe(true);
      const args = resolveReferences(step.args ?? {}, { results, inputs: {} });
      results.set(step.key, await requireTool(tools, step.tool!).execute(args, ctx));
    }
    expect([...results.values()]).toEqual([12, 3, 14, 11]);
    expect(plan.source.goals).toContainEqual(expect.objectContaining({ equals: '11' }));
  });
});

describe('the weekly report tools', () => {
  async function tools() {
    return buildToolRegistry((await load('weekly-report.yml')).source, { cwd: root, env: process.env, redact: (text: string) => text });
  }

  it('fetch_sales_data returns the week’s sales per category and the change on the week before', async () => {
    const result = await requireTool(await tools(), 'fetch_sales_data').execute({ week: '2026-W48' }, ctx);
    expect(result).toMatchObject({
      week: '2026-W48',
      currency: 'USD',
      sales: { Electronics: 142000, Apparel: 38000 },
      change_vs_previous_week: { Apparel: '-15.9%', Electronics: '+2.5%' },
    });
  });

  it('fetch_return_rates returns the rates with the benchmark', async () => {
    const result = await requireTool(await tools(), 'fetch_return_rates').execute({ week: '2026-W48' }, ctx);
    expect(result).toMatchObject({ week: '2026-W48', benchmark: '5%', return_rates: { Electronics: '3%', Apparel: '18%' } });
  });

  it('fetch_inventory_levels returns only the categories asked for, whatever their case', async () => {
    const result = await requireTool(await tools(), 'fetch_inventory_levels').execute({ categories: ['apparel', 'Sports'] }, ctx);
    expect(result).toEqual({
      as_of: '2026-11-27',
      inventory: { Apparel: { stock: 4200, weeks_cover: 11 }, Sports: { stock: 3100, weeks_cover: 9 } },
    });
  });

  it('fail permanently with a message saying what data exists', async () => {
    const registry = await tools();
    const week = await requireTool(registry, 'fetch_sales_data').execute({ week: '2026-W01' }, ctx).catch((e: unknown) => e);
    expect(week).toBeInstanceOf(ToolExitError);
    expect(week).toMatchObject({ exitCode: 1, transient: false });
    expect((week as Error).message).toContain('no data for week 2026-W01; the bundled sample covers 2026-W47, 2026-W48');
    const category = await requireTool(registry, 'fetch_inventory_levels').execute({ categories: ['Toys'] }, ctx).catch((e: unknown) => e);
    expect((category as Error).message).toContain('unknown category "Toys"; known categories: Electronics, Apparel');
  });
});
