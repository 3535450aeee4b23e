import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_REFERENCE_FILE, planReferenceMarkdown } from '../../scripts/plan-reference.ts';
import { PLAN_SCHEMA_FILE, planJsonSchema } from '../../src/plan/plan-json-schema.ts';
import { GOAL_KINDS, StepType } from '../../src/plan/schema.ts';

const root = path.resolve(import.meta.dirname, '../..');
const generated = planReferenceMarkdown(planJsonSchema(), PLAN_SCHEMA_FILE);

type Node = { properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean };

function keysOf(node: Node): string[] {
  const keys = Object.entries(node.properties ?? {}).flatMap(([key, child]) => [key, ...keysOf(child)]);
  if (node.items) keys.push(...keysOf(node.items));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') keys.push(...keysOf(node.additionalProperties));
  return keys;
}

describe('docs/plan-reference.md', () => {
  it('is current (if not: run `npm run schema` and commit it)', () => {
    const committed = readFileSync(path.join(root, PLAN_REFERENCE_FILE), 'utf8');
    expect(committed === generated, 'docs/plan-reference.md is stale: run `npm run schema` and commit it').toBe(true);
  });

  it('has a row for every key of the schema, and every step type and goal kind', () => {
    const rows = new Set([...generated.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]));
    expect(keysOf(planJsonSchema() as Node).filter((key) => !rows.has(key))).toEqual([]);
    for (const kind of GOAL_KINDS) expect(rows.has(kind), kind).toBe(true);
    for (const type of StepType.options) expect(generated).toContain(`\`${type}\``);
  });

  it('shows defaults and examples, and keeps <name> visible as text', () => {
    expect(generated).toContain("| `concurrency` | integer ≥ 1, ≤ 64 | `4` | Steps running at once. Left out in a used plan: the using plan's (a used plan's own caps its steps within it). |");
    expect(generated).toContain('Example: `["node","scripts/sales.mjs"]`');
    expect(generated.replace(/`[^`]*`/g, '')).not.toMatch(/(?<!\\)<(name|server|tool)>/);
  });

  // Found by a docs pass: a step id was "integer ≥ 0 or string" and a tool's or MCP server's name any name, where
  // `id: fetch sales`, a tool named `fetch.sales` and a 33-character server name are each refused at load.
  it('says which text a key or a name takes, where the schema restricts it', () => {
    const row = (key: string, section: string) => generated.slice(generated.indexOf(`## ${section}`)).split('\n').find((line) => line.startsWith(`| \`${key}\` |`));
    expect(row('id', '`workflow_sequence[]`')).toContain('string matching `^[A-Za-z0-9_-]{1,64}$`');
    expect(row('tools', 'The plan file')).toContain('names matching `^[a-zA-Z0-9_-]{1,64}$`');
    expect(row('mcp_servers', 'The plan file')).toContain('names matching `^[A-Za-z0-9_-]{1,32}$`');
  });
});

