import { expect, it } from 'vitest';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

// Found by an adversarial pass: an MCP server's tool whose input schema the argument checker cannot read (a
// `$ref` to `#/properties/…`, as zod-to-json-schema writes a reused schema; `#/definitions/…`; `if`/`then`)
// ended the agent step at its first call; told of it instead, the agent went on without it and passed
// (found by the review of that change). A step that names such a tool is refused when the plan loads.
const tool = (name: string, inputSchema: Tool['inputSchema'], called: string[]): Tool => ({
  name,
  description: `The ${name} tool`,
  inputSchema,
  sideEffects: false,
  execute: async () => (called.push(name), `${name} answered`),
});
const UNREADABLE = { type: 'object', properties: { from: { type: 'object', properties: { city: { type: 'string' } } }, to: { $ref: '#/properties/from' } } } as const;

it('a step that names a tool whose input schema cannot be read is refused before anything runs, at the name', async () => {
  const called: string[] = [];
  const job = await runOfflineJob({
    plan: `name: Unreadable schema
workflow_sequence:
  - id: work
    type: agent
    task: Look the route up.
    tools: [fx__ping, fx__lookup]
  - { id: direct, type: tool_call, tool: fx__lookup, args: {} }
`,
    extraTools: [tool('fx__lookup', UNREADABLE, called), tool('fx__ping', { type: 'object' }, called)],
    script: [todos(false, [['1', 'Look the route up', 'in_progress']]), toolCallAnswer('fx__lookup', {}), textAnswer('The route is known.')],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  const message = "tool `fx__lookup` has an input schema plan-runner cannot check arguments against (Reference not found: #/properties/from); leave it out of this step (an MCP server's `tools:` list can leave it out of the run)";
  expect(errors).toEqual([`plan.yml:6:23: ${message} (at workflow_sequence[0].tools[1])`, `plan.yml:7:42: ${message} (at workflow_sequence[1].tool)`]);
  expect(job.server.requests).toHaveLength(0);
  expect(called).toEqual([]);
});

it('a tool whose input schema cannot be read, and that no step names, does not stop the plan', async () => {
  const called: string[] = [];
  const job = await runOfflineJob({
    plan: `name: Unreadable schema beside
workflow_sequence:
  - { id: direct, type: tool_call, tool: fx__ping, args: {} }
`,
    extraTools: [tool('fx__lookup', UNREADABLE, called), tool('fx__ping', { type: 'object' }, called)],
    script: [],
  });
  expect(job.outcome.kind === 'ran' && job.outcome.status).toBe('succeeded');
  expect(called).toEqual(['fx__ping']);
});

// Found by an adversarial pass: a `$ref` that comes back to itself through references alone compiled, and
// checking any arguments against it overflowed the stack, which ended the agent step.
it('a tool whose `$ref` leads back to itself without reading into the value is refused at load, at the name', async () => {
  const called: string[] = [];
  const looping = { type: 'object', properties: { q: { $ref: '#/$defs/x' } }, $defs: { x: { anyOf: [{ $ref: '#/$defs/y' }] }, y: { $ref: '#/$defs/x' } } } as const;
  const job = await runOfflineJob({
    plan: `name: Looping schema
workflow_sequence:
  - { id: direct, type: tool_call, tool: fx__loop, args: { q: hello } }
`,
    extraTools: [tool('fx__loop', looping as unknown as Tool['inputSchema'], called)],
    script: [],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  expect(errors).toEqual([
    "plan.yml:3:42: tool `fx__loop` has an input schema plan-runner cannot check arguments against (`$ref: '#/$defs/x'` leads back to itself without reading into the value (through `$ref`, `allOf`, `anyOf` or `oneOf` alone), so no value can be checked against it); leave it out of this step (an MCP server's `tools:` list can leave it out of the run) (at workflow_sequence[0].tool)",
  ]);
  expect(called).toEqual([]);
});

it('a schema that refers to itself one level deeper in the value (a tree) still checks arguments', () => {
  const tree = compileJsonSchema({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } }, required: ['name'] });
  expect(tree.ok && tree.schema.safeParse({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }).success).toBe(true);
  expect(tree.ok && tree.schema.safeParse({ name: 'a', children: [{ children: [] }] }).success).toBe(false);
  expect(compileJsonSchema({ $ref: '#' })).toMatchObject({ ok: false, message: expect.stringContaining("`$ref: '#'` leads back to itself") });
});
