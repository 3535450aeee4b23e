import { expect, it } from 'vitest';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { textAnswer, toolCallAnswer } from '../helpers/chat-server.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';
import { todos } from './agent-fixtures.ts';

// Found by an adversarial pass: an MCP server's tool whose input schema the argument checker cannot read
// (`if`/`then`; then also a `$ref` to `#/properties/…`, as zod-to-json-schema writes a reused schema, which is now
// followed) ended the agent step at its first call; told of it instead, the agent went on without it and passed
// (found by the review of that change). A step that names such a tool is refused when the plan loads.
const tool = (name: string, inputSchema: Tool['inputSchema'], called: string[]): Tool => ({
  name,
  description: `The ${name} tool`,
  inputSchema,
  sideEffects: false,
  execute: async () => (called.push(name), `${name} answered`),
});
const UNREADABLE = { type: 'object', properties: { to: { if: { type: 'string' }, then: { minLength: 2 } } } } as const;

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
  const message = "tool `fx__lookup` has an input schema plan-runner cannot check arguments against (Conditional schemas (if/then/else) are not supported); leave it out of this step (an MCP server's `tools:` list can leave it out of the run)";
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
    "plan.yml:3:42: tool `fx__loop` has an input schema plan-runner cannot check arguments against (`$ref: '#/$defs/y'` leads back to itself through references and combinations (`allOf`, `anyOf`, `oneOf`) alone, never reading into the value, so no value can be checked against it); leave it out of this step (an MCP server's `tools:` list can leave it out of the run) (at workflow_sequence[0].tool)",
  ]);
  expect(called).toEqual([]);
});

it('a schema that refers to itself one level deeper in the value (a tree) still checks arguments', () => {
  const tree = compileJsonSchema({ type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } }, required: ['name'] });
  expect(tree.ok && tree.schema.safeParse({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] }).success).toBe(true);
  expect(tree.ok && tree.schema.safeParse({ name: 'a', children: [{ children: [] }] }).success).toBe(false);
  expect(compileJsonSchema({ $ref: '#' })).toMatchObject({ ok: false, message: expect.stringContaining("`$ref: '#'` leads back to itself") });
});

// Found by the review of the check: zod read `$ref` its own way, and these compiled past a checker that read
// JSON Pointers, then overflowed the stack. References are now followed as JSON Pointers (zod-ref.ts): a cycle is
// refused, and so is a reference zod read its way that leads nowhere as JSON Schema reads it.
it.each([
  ['#$defs/x', { $defs: { x: { $ref: '#$defs/x' } }, $ref: '#/$defs/x' }, '`$ref` "#$defs/x" names an anchor no subschema has'],
  ['#/$defs//x', { $defs: { x: { $ref: '#/$defs//x' } }, $ref: '#/$defs/x' }, '`$ref` "#/$defs//x" leads nowhere in this schema'],
  ['a percent escape in a name', { $defs: { 'a%62': { $ref: '#/$defs/a%62' } }, $ref: '#/$defs/a%62' }, '`$ref` "#/$defs/a%62" leads nowhere in this schema'],
  ['$defs read from definitions', { definitions: { x: { $ref: '#/$defs/x' } }, $ref: '#/$defs/x' }, '`$ref` "#/$defs/x" leads nowhere in this schema'],
  ['a draft-07 schema', { $schema: 'http://json-schema.org/draft-07/schema#', $defs: { x: { $ref: '#/definitions/x' } }, $ref: '#/definitions/x' }, '`$ref` "#/definitions/x" leads nowhere in this schema'],
  ['#/', { type: 'object', allOf: [{ $ref: '#/' }] }, '`$ref` "#/" leads nowhere in this schema'],
  ['a percent escape', { $defs: { ab: { anyOf: [{ $ref: '#/$defs/a%62' }] } }, $ref: '#/$defs/ab' }, 'leads back to itself'],
  // Found by a later review: zod takes `$defs || definitions` and indexes what it gets.
  ['$defs as an array', { type: 'object', properties: { q: { $ref: '#/$defs/0' } }, $defs: [{ anyOf: [{ $ref: '#/$defs/0' }] }] }, 'leads back to itself'],
  ['$defs: false beside definitions', { type: 'object', properties: { q: { $ref: '#/$defs/x' } }, $defs: false, definitions: { x: { anyOf: [{ $ref: '#/$defs/x' }] } } }, '`$ref` "#/$defs/x" leads nowhere in this schema'],
  ['definitions in a 2020-12 schema', { type: 'object', properties: { q: { $ref: '#/definitions/x' } }, definitions: { x: { anyOf: [{ $ref: '#/definitions/x' }] } } }, 'leads back to itself'],
])('refuses a reference that leads back to itself, or nowhere: %s', (_what, schema, message) => {
  expect(compileJsonSchema(schema)).toMatchObject({ ok: false, message: expect.stringContaining(message) });
});

it('follows a reference zod-to-json-schema writes for a reused schema, and a pointer past a definition', () => {
  const reused = compileJsonSchema({ type: 'object', properties: { from: { type: 'object', properties: { city: { type: 'string' } } }, to: { $ref: '#/properties/from' } } });
  expect(reused.ok && [reused.schema.safeParse({ to: { city: 'Oslo' } }).success, reused.schema.safeParse({ to: { city: 1 } }).success]).toEqual([true, false]);
  const past = compileJsonSchema({ $defs: { x: { type: 'object', properties: { y: { type: 'string' } } } }, $ref: '#/$defs/x/properties/y' });
  expect(past.ok && [past.schema.safeParse('y').success, past.schema.safeParse({}).success]).toEqual([true, false]);
});

// Found by a review: zod reads `$defs` as a list too (`#/$defs/0`), but what makes a schema zod-ready
// (`required` as JSON Schema means it, among others) walked only a map, so a definition in a list checked less.
it('checks a definition in a `$defs` list as strictly as one in a map', () => {
  for (const [defs, ref] of [[[{ type: 'object', required: ['a'] }], '#/$defs/0'], [{ x: { type: 'object', required: ['a'] } }, '#/$defs/x']] as const) {
    const compiled = compileJsonSchema({ type: 'object', properties: { q: { $ref: ref } }, required: ['q'], $defs: defs });
    expect(compiled.ok && compiled.schema.safeParse({ q: {} }).success).toBe(false);
    expect(compiled.ok && compiled.schema.safeParse({ q: { a: 1 } }).success).toBe(true);
  }
});

it('compiles what zod reads fine: a large enum, a percent sign in a name, a loop in a definition nothing uses, a reference in a default', () => {
  // `#/$defs/100%` is no URI (a `%` starts an escape), but can mean nothing else: it is read as written.
  const values = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
  const schemas = [
    { type: 'object', properties: { c: { type: 'string', enum: values } } },
    { $defs: { '100%': { type: 'string' } }, type: 'object', properties: { a: { $ref: '#/$defs/100%' } } },
    { type: 'object', $defs: { x: { $ref: '#/$defs/x' } } },
    { type: 'object', properties: { schema: { type: 'object', default: { $ref: '#/properties/schema/default' } } } },
  ];
  for (const schema of schemas) {
    const compiled = compileJsonSchema(schema);
    expect(compiled.ok && compiled.schema.safeParse({ c: 'v7', a: 'x' }).success).toBe(true);
  }
});
