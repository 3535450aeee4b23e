import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planJsonSchema, planJsonSchemaText } from '../../src/plan/plan-json-schema.ts';

describe('plan.schema.json', () => {
  it('is up to date with the zod schema (if not: run `npm run schema` and commit the file)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../plan.schema.json'), 'utf8');
    expect(committed === planJsonSchemaText(), 'plan.schema.json is stale: run `npm run schema` and commit the file').toBe(true);
  });

  it('describes the input side: optional keys, step ids as integer or string, no unknown keys', () => {
    const schema = planJsonSchema() as { title: string; required?: string[]; additionalProperties: boolean; properties: Record<string, { items?: { properties: { id: unknown } } }> };
    expect(schema.title).toBe('plan-runner plan file (v1)');
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.workflow_sequence!.items!.properties.id).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
  });
});

type Node = { description?: string; default?: unknown; properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean };

/** Every property of the schema, by dotted path (`[]` for array items, `*` for map values). */
function propertiesOf(node: Node, at = ''): Array<[string, Node]> {
  const found: Array<[string, Node]> = [];
  for (const [key, child] of Object.entries(node.properties ?? {})) found.push([`${at}${at ? '.' : ''}${key}`, child], ...propertiesOf(child, `${at}${at ? '.' : ''}${key}`));
  if (node.items) found.push(...propertiesOf(node.items, `${at}[]`));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') found.push(...propertiesOf(node.additionalProperties, `${at}.*`));
  return found;
}

describe('plan.schema.json editor help', () => {
  const properties = new Map(propertiesOf(planJsonSchema() as Node));

  it('describes every property', () => {
    expect([...properties].filter(([, node]) => !node.description).map(([key]) => key)).toEqual([]);
    expect(properties.size).toBeGreaterThan(90);
  });

  // An editor user setting `approval:` saw nothing of the action's refusal of a plan that may pause where no PR comment is written.
  it('says where the action refuses a plan that may pause for approval', () => {
    expect(properties.get('approval')?.description).toContain('refused before anything runs where plan-runner writes no PR comment');
  });

  // It said replan or fail, and a step every dependent takes as optional continues (plan-run.ts; found by a hunt).
  it("says a step's on_failure is continue when every dependent takes it as optional", () => {
    expect(properties.get('workflow_sequence[].on_failure')?.description).toContain('Left out: continue when every step depending on it takes it as optional');
  });

  it('states the defaults the code applies', async () => {
    const { DEFAULT_LIMITS } = await import('../../src/plan/schema.ts');
    const { DEFAULT_RETRY_POLICY } = await import('../../src/run/retry-policy.ts');
    const { DEFAULT_COMMAND_TIMEOUT_SECONDS } = await import('../../src/tools/command-tool.ts');
    const { HTTP_DEFAULT_TIMEOUT_SECONDS, HTTP_DEFAULT_MAX_RESPONSE_BYTES } = await import('../../src/tools/http/http-toolset.ts');
    const { MCP_DEFAULT_CALL_TIMEOUT_MS } = await import('../../src/tools/mcp/connect-mcp-servers.ts');
    const { DEFAULT_GITHUB_WRITES } = await import('../../src/tools/github/github-writes.ts');
    const { DEFAULT_MODEL } = await import('../../src/llm/default-model.ts');
    const defaultOf = (key: string) => properties.get(key)?.default;
    for (const key of ['concurrency', 'max_steps', 'max_replans', 'max_model_calls', 'max_tokens', 'timeout_minutes'] as const) {
      expect(defaultOf(`limits.${key}`), key).toBe(DEFAULT_LIMITS[key]);
    }
    expect(defaultOf('limits.max_cost_usd')).toBeUndefined();
    expect(defaultOf('tools.*.retry.max_attempts')).toBe(DEFAULT_RETRY_POLICY.maxAttempts);
    expect(defaultOf('tools.*.retry.initial_interval')).toBe(`${DEFAULT_RETRY_POLICY.initialMs / 1000}s`);
    expect(defaultOf('tools.*.retry.backoff')).toBe(DEFAULT_RETRY_POLICY.backoff);
    expect(defaultOf('tools.*.retry.max_interval')).toBe(`${DEFAULT_RETRY_POLICY.maxMs / 1000}s`);
    expect(defaultOf('tools.*.timeout_seconds')).toBe(DEFAULT_COMMAND_TIMEOUT_SECONDS);
    expect(defaultOf('http.timeout_seconds')).toBe(HTTP_DEFAULT_TIMEOUT_SECONDS);
    expect(defaultOf('http.max_response_bytes')).toBe(HTTP_DEFAULT_MAX_RESPONSE_BYTES);
    expect(defaultOf('mcp_servers.*.timeout_seconds')).toBe(MCP_DEFAULT_CALL_TIMEOUT_MS / 1000);
    expect(defaultOf('github.writes.max_issues')).toBe(DEFAULT_GITHUB_WRITES.max_issues);
    expect(defaultOf('github.writes.max_comments')).toBe(DEFAULT_GITHUB_WRITES.max_comments);
    expect(defaultOf('model.name')).toBe(DEFAULT_MODEL);
  });
});
