import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { excessiveCheckWork, MAX_CHECKS_PER_VALUE } from '../../src/plan/schema-check-work.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

// zod checks every branch of an `anyOf` a value fails, and both sides of an `allOf`, while the check holds
// the event loop: definitions that each lead to the next one twice checked a failing value 2^n times (20
// links: 2.6 s; 30: hours), and no timeout could end it. Such a schema is refused when it compiles.

/** n definitions, each leading to the next twice (through `anyOf` and `allOf`), the last a string. */
function doubling(n: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { type: 'object' }] }] };
  defs[`a${n}`] = { type: 'string' };
  return { type: 'object', properties: { q: { $ref: '#/$defs/a0' } }, $defs: defs };
}

const refused = (schema: unknown): string => {
  const compiled = compileJsonSchema(schema);
  return compiled.ok ? 'compiled' : compiled.message;
};

it('an MCP tool whose references check one part of the arguments 2^30 times is refused at load, at the name, and never called', async () => {
  const called: string[] = [];
  const tool: Tool = { name: 'fx__deep', description: 'Deep', inputSchema: doubling(30) as Tool['inputSchema'], sideEffects: false, execute: async () => (called.push('fx__deep'), 'answered') };
  const job = await runOfflineJob({
    plan: `name: Doubling schema
workflow_sequence:
  - { id: direct, type: tool_call, tool: fx__deep, args: { q: hello } }
`,
    extraTools: [tool],
    script: [],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  expect(errors).toEqual([
    `plan.yml:3:42: tool \`fx__deep\` has an input schema plan-runner cannot check arguments against (checking a value against it applies more than 1,000 subschemas to the value's part .q (its \`$ref\`s and \`allOf\`/\`anyOf\`/\`oneOf\` reach the same subschemas again and again, each checked every time, and the run waits on the check); make each part reach a subschema once); leave it out of this step (an MCP server's \`tools:\` list can leave it out of the run) (at workflow_sequence[0].tool)`,
  ]);
  expect(called).toEqual([]);
});

it("a plan's own tool whose input schema doubles at each of 12 links is refused where the schema is written", async () => {
  const job = await runOfflineJob({
    plan: `name: Doubling input
tools:
  echo:
    description: Echo
    command: [cat]
    input: ${JSON.stringify(doubling(12))}
workflow_sequence:
  - { id: direct, type: tool_call, tool: echo, args: { q: hello } }
`,
    script: [],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  expect(errors).toEqual([expect.stringMatching(/^plan\.yml:6:12: this input schema cannot be used: checking a value against it applies more than 1,000 subschemas to the value's part \.q /)]);
});

it('refuses a schema that checks one part more than the limit allows, however it gets there', () => {
  const self = (schema: unknown) => ({ $defs: { s: schema }, $ref: '#/$defs/s' });
  // Twice per level of the value: exponential in how deep the arguments nest.
  expect(refused(self({ anyOf: [{ type: 'object', properties: { x: { $ref: '#/$defs/s' } } }, { type: 'object', properties: { x: { $ref: '#/$defs/s' } }, required: ['y'] }] }))).toContain(`to the value's part .x.x.x.x.x.x.x.x (its`);
  expect(refused(self({ allOf: [{ type: 'array', items: { $ref: '#/$defs/s' } }, { type: 'array', contains: { $ref: '#/$defs/s' } }] }))).toContain(`to the value's part [<any item>][<any item>]`);
  expect(refused(self({ type: 'object', patternProperties: { '^a': { $ref: '#/$defs/s' }, '^b': { $ref: '#/$defs/s' } } }))).toContain(`to the value's part .<any name>.<any name>`);
  expect(refused(self({ type: 'array', prefixItems: [{ $ref: '#/$defs/s' }], items: { anyOf: [{ $ref: '#/$defs/s' }, { $ref: '#/$defs/s' }] } }))).toContain('[<any item>]');
  // A property's name is a string: what checks it reads no deeper.
  expect(refused({ $defs: { n: { type: 'string' } }, type: 'object', propertyNames: { anyOf: [{ $ref: '#/$defs/n' }, { $ref: '#/$defs/n' }] } })).toBe('compiled');
  // At one level, through references alone.
  expect(refused(doubling(9))).toContain(`more than ${MAX_CHECKS_PER_VALUE.toLocaleString('en-US')} subschemas to the value's part .q`);
  expect(refused({ anyOf: Array.from({ length: 1_001 }, (_, i) => ({ type: 'object', required: [`k${i}`] })) })).toContain('to the value itself');
});

it('compiles schemas that check each part a bounded number of times, and they still check', () => {
  const expression = {
    $defs: {
      e: {
        anyOf: [
          { type: 'number' },
          { type: 'object', properties: { and: { type: 'array', items: { $ref: '#/$defs/e' } } }, required: ['and'], additionalProperties: false },
          { type: 'object', properties: { or: { type: 'array', items: { $ref: '#/$defs/e' } } }, required: ['or'], additionalProperties: false },
          { type: 'object', properties: { not: { $ref: '#/$defs/e' } }, required: ['not'], additionalProperties: false },
          { type: 'object', properties: { left: { $ref: '#/$defs/e' }, right: { $ref: '#/$defs/e' } }, required: ['left', 'right'], additionalProperties: false },
        ],
      },
    },
    type: 'object',
    properties: { filter: { $ref: '#/$defs/e' } },
  };
  const compiled = compileJsonSchema(expression);
  expect(compiled.ok && compiled.schema.safeParse({ filter: { and: [1, { not: { left: 2, right: { or: [3] } } }] } }).success).toBe(true);
  expect(compiled.ok && compiled.schema.safeParse({ filter: { and: [1, { not: { left: 2 } }] } }).success).toBe(false);
  const json = { $defs: { v: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, { type: 'array', items: { $ref: '#/$defs/v' } }, { type: 'object', additionalProperties: { $ref: '#/$defs/v' } }] } }, type: 'object', additionalProperties: { $ref: '#/$defs/v' } };
  expect(refused(json)).toBe('compiled');
  // 300 shapes, each by reference: a wide union checks each part 601 times at the most.
  const shapes = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`s${i}`, { type: 'object', properties: { kind: { const: `k${i}` } }, required: ['kind'] }]));
  expect(refused({ $defs: shapes, type: 'object', properties: { event: { anyOf: Object.keys(shapes).map((name) => ({ $ref: `#/$defs/${name}` })) } } })).toBe('compiled');
  expect(refused(doubling(7))).toBe('compiled');
});

// Read by the analysis alone: zod's converter refuses some of these shapes for other reasons (zod-ready-schema.ts).
it("finds no excessive work in any schema of GitHub's REST API description, as a tool's input would use one", () => {
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('@octokit/openapi/package.json')), 'generated', 'api.github.com.json');
  const text = JSON.stringify((JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: unknown } }).components.schemas);
  const defs = JSON.parse(text.replaceAll('#/components/schemas/', '#/$defs/')) as Record<string, unknown>;
  const problems = Object.keys(defs).flatMap((name) => {
    const message = excessiveCheckWork({ $defs: defs, type: 'object', properties: { value: { $ref: `#/$defs/${name}` } } });
    return message === undefined ? [] : [`${name}: ${message}`];
  });
  expect(Object.keys(defs).length).toBeGreaterThan(900);
  expect(problems).toEqual([]);
});
