import { expect, it } from 'vitest';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { checkStepBound, countedSafeParse, MAX_CHECK_STEPS, MIN_CHECK_STEPS } from '../../src/plan/counted-check.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import { validateToolArguments } from '../../src/steps/validate-tool-arguments.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

// zod checks every branch of an `anyOf` a value fails, and both sides of an `allOf`, while it holds the
// event loop: definitions that each lead to the next twice checked a failing argument 2^n times (20 links:
// 2.6 s; 30: hours), and no timeout could end it. The check now stops after a counted number of steps.

/** n definitions, each leading to the next twice (through `anyOf` and `allOf`), the last a string. */
function doubling(n: number, at: (ref: Record<string, unknown>) => Record<string, unknown> = (ref) => ({ type: 'object', properties: { q: ref } }), leaf = 'string'): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { type: 'object' }] }] };
  defs[`a${n}`] = { type: leaf };
  return { ...at({ $ref: '#/$defs/a0' }), $defs: defs };
}

const tool = (inputSchema: Record<string, unknown>, called: string[] = []): Tool => ({
  name: 'fx__deep',
  description: 'Deep',
  inputSchema: inputSchema as Tool['inputSchema'],
  sideEffects: false,
  execute: async () => (called.push('fx__deep'), 'answered'),
});

it('stops checking arguments against a schema that checks one part 2^20 times, and says why', () => {
  const checked = validateToolArguments(tool(doubling(20)), { q: 1 });
  expect(checked).toEqual({ ok: false, error: `these arguments were not checked: checking them against the tool's input schema was stopped after ${MIN_CHECK_STEPS.toLocaleString('en-US')} steps: the schema's \`$ref\`s and \`allOf\`/\`anyOf\`/\`oneOf\` check the same parts again and again` });
  // A value the first branch takes is checked as before.
  expect(validateToolArguments(tool(doubling(20)), { q: 'fine' })).toEqual({ ok: true, args: { q: 'fine' } });
});

it('also stops where the converter keeps a schema only in a closure: under contains and propertyNames', () => {
  for (const [schema, value] of [
    [doubling(20, (ref) => ({ type: 'object', properties: { list: { type: 'array', contains: ref } } })), { list: [1, 2] }],
    // A name is a string: a chain that ends in a number fails it everywhere.
    [doubling(20, (ref) => ({ type: 'object', propertyNames: ref }), 'number'), { k: 1 }],
  ] as const) {
    const compiled = compileJsonSchema(schema);
    if (!compiled.ok) throw new Error(compiled.message);
    expect(countedSafeParse(compiled.schema, value)).toMatchObject({ success: false, tooCostly: expect.stringContaining('was stopped after') });
  }
});

it('a step whose literal args meet such a schema is refused at load, at its args, and nothing runs', async () => {
  const called: string[] = [];
  const job = await runOfflineJob({
    plan: `name: Doubling schema
workflow_sequence:
  - { id: direct, type: tool_call, tool: fx__deep, args: { q: 1 } }
`,
    extraTools: [tool(doubling(20), called)],
    script: [],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  expect(errors).toEqual([expect.stringMatching(/^plan\.yml:3:\d+: the args were not checked: checking them against the tool's input schema was stopped after 200,000 steps: .*\(input of tool `fx__deep`\); use a tool whose schema checks each part of its arguments a bounded number of times \(at workflow_sequence\[0\]\.args\)$/)]);
  expect(called).toEqual([]);
});

it('gives a large value more steps, within the ceiling, and checks wide schemas on large values whole', () => {
  expect(checkStepBound({ q: 1 })).toBe(MIN_CHECK_STEPS);
  expect(checkStepBound(Array.from({ length: 1_000 }, (_, i) => i))).toBe(1_001 * 1_000);
  expect(checkStepBound(Array.from({ length: 1_000_000 }, (_, i) => i))).toBe(MAX_CHECK_STEPS);
  // 300 shapes by reference, against 2,000 rows: each row fails most of them.
  const shapes = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`s${i}`, { type: 'object', properties: { kind: { const: `k${i}` } }, required: ['kind'] }]));
  const compiled = compileJsonSchema({ $defs: shapes, type: 'object', properties: { rows: { type: 'array', items: { anyOf: Object.keys(shapes).map((name) => ({ $ref: `#/$defs/${name}` })) } } } });
  if (!compiled.ok) throw new Error(compiled.message);
  const rows = Array.from({ length: 2_000 }, (_, i) => ({ kind: `k${i % 300}` }));
  expect(countedSafeParse(compiled.schema, { rows })).toMatchObject({ success: true });
});
