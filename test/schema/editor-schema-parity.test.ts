import { describe, expect, it } from 'vitest';
import { validatePlanObject } from '../../src/plan/validate-plan.ts';
import { planSchemaValidator } from '../helpers/plan-schema-validator.ts';

const validate = planSchemaValidator();
const STEPS = { goal: 'Test the rule', toolsets: ['math'] };
const LIST = { id: 0, type: 'tool_call', tool: 'add', args: { a: 1, b: 2 } };

/** Where the editor (plan.schema.json) and the CLI each refuse `plan`: JSON pointers and CLI paths. */
function verdicts(plan: unknown): { editor: string[]; cli: string[] } {
  const cli = validatePlanObject(plan, { origin: 'file' });
  return { editor: validate(plan).map((error) => error.instancePath), cli: cli.ok ? [] : cli.errors.map((error) => error.path) };
}

/** Plans the CLI refuses, each for a rule plan.schema.json can state, and where the editor marks it. */
const REFUSED: Record<string, { plan: unknown; at: string }> = {
  'flags on a contains goal': { plan: { goal: 'x', goals: [{ name: 'a', contains: 'b', flags: 'i' }] }, at: '/goals/0/flags' },
  'timeout_seconds on a judge goal': { plan: { goal: 'x', goals: [{ name: 'a', judge: 'fine', timeout_seconds: 3 }] }, at: '/goals/0/timeout_seconds' },
  'of on an all_steps_completed goal': {
    plan: { ...STEPS, workflow_sequence: [LIST], goals: [{ name: 'a', all_steps_completed: true, of: 0 }] },
    at: '/goals/0/of',
  },
  'for_each on a plan step': {
    plan: { ...STEPS, workflow_sequence: [LIST, { id: 1, type: 'plan', uses: 'plans/one.yml', for_each: '${steps.0.result}' }] },
    at: '/workflow_sequence/1/for_each',
  },
  'a toolset listed twice': { plan: { goal: 'x', toolsets: ['math', 'math'] }, at: '/toolsets' },
  'an MCP server with neither command nor url': { plan: { goal: 'x', mcp_servers: { docs: {} } }, at: '/mcp_servers/docs' },
  'an MCP server with both command and url': { plan: { goal: 'x', mcp_servers: { docs: { command: ['docs-server'], url: 'https://mcp.example.com/mcp' } } }, at: '/mcp_servers/docs' },
  'headers on a stdio MCP server': { plan: { goal: 'x', mcp_servers: { docs: { command: ['docs-server'], headers: { Authorization: 'x' } } } }, at: '/mcp_servers/docs/headers' },
  'env on an HTTP MCP server': { plan: { goal: 'x', mcp_servers: { docs: { url: 'https://mcp.example.com/mcp', env: ['TOKEN'] } } }, at: '/mcp_servers/docs/env' },
};

describe('plan.schema.json refuses what the CLI refuses', () => {
  it.each(Object.keys(REFUSED))('%s: both refuse it, at the same place', (name) => {
    const { plan, at } = REFUSED[name]!;
    const { editor, cli } = verdicts(plan);
    expect(cli.length, 'the CLI accepts it').toBeGreaterThan(0);
    expect(editor).toContain(at);
  });

  it('both take a goal’s options on the kinds of check they belong to', () => {
    const plan = {
      ...STEPS,
      workflow_sequence: [LIST],
      goals: [
        { name: 'a', matches: '^3$', flags: 'i', of: 0 },
        { name: 'b', every_sentence_matches: '\\d', flags: 'm' },
        { name: 'c', command: ['node', '-e', '0'], timeout_seconds: 5, of: 0 },
        { name: 'd', all_steps_completed: true },
      ],
    };
    expect(verdicts(plan)).toEqual({ editor: [], cli: [] });
  });
});
