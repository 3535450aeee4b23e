import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { boundedSafeParse, CHECK_TIME_LIMIT_MS } from '../../src/plan/bounded-check.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { runOfflineJob } from '../recovery/job-harness.ts';

// zod checks every branch of an `anyOf` a value fails, and both sides of an `allOf`, while it holds the
// event loop: definitions that each lead to the next twice checked a failing argument 2^n times (20 links:
// 2.6–7 s; 30: hours), and no timeout could end it. The check now stops at a time limit it reads itself.

/** n definitions, each leading to the next twice (through `anyOf` and `allOf`), the last of type `leaf`. */
function doubling(n: number, at: (ref: Record<string, unknown>) => Record<string, unknown> = (ref) => ({ type: 'object', properties: { q: ref } }), leaf = 'string'): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { type: 'object' }] }] };
  defs[`a${n}`] = { type: leaf };
  return { ...at({ $ref: '#/$defs/a0' }), $defs: defs };
}

function compiled(schema: Record<string, unknown>) {
  const result = compileJsonSchema(schema);
  if (!result.ok) throw new Error(result.message);
  return result.schema;
}

const STOPPED = /^checking them against the tool's input schema was stopped after 0\.3 s: its `\$ref`s and `allOf`\/`anyOf`\/`oneOf` may check the same parts again and again, or its patterns be too many for these arguments$/;

it('stops a check that would apply one part 2^22 times, also where the converter keeps a schema only in a closure', () => {
  for (const [schema, value] of [
    [doubling(22), { q: 1 }],
    // contains and propertyNames are checked by guards zod keeps in closures, not in the schema's graph.
    [doubling(22, (ref) => ({ type: 'object', properties: { list: { type: 'array', contains: ref } } })), { list: [1, 2] }],
    [doubling(22, (ref) => ({ type: 'object', propertyNames: ref }), 'number'), { k: 1 }],
  ] as const) {
    expect(boundedSafeParse(compiled(schema), value, undefined, 300)).toMatchObject({ success: false, unchecked: expect.stringMatching(STOPPED) });
  }
  // A value the first branch takes is checked as before.
  expect(boundedSafeParse(compiled(doubling(22)), { q: 'fine' }, undefined, 300)).toMatchObject({ success: true });
});

// A count of the subschemas applied, tried before the clock, refused these; checked whole in 0.6-0.9 s here, and
// 5.3 s once in CI with a reviewer's fuzz sharing the two cores: the test gives the check a minute, as a time is
// the bench's to measure, not a test's (and vitest's 20 s for a test would end it first: it took more than 20 s
// once in the suite, on a machine running everything at half speed).
it('checks wide unions on large values whole', { timeout: 150_000 }, () => {
  const shapes = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`s${i}`, { type: 'object', properties: { kind: { const: `k${i}` }, ...Object.fromEntries(Array.from({ length: 10 }, (_, p) => [`p${p}`, { type: 'string' }])) }, required: ['kind'] }]));
  const schema = compiled({ $defs: shapes, type: 'object', properties: { rows: { type: 'array', items: { anyOf: Object.keys(shapes).map((name) => ({ $ref: `#/$defs/${name}` })) } } } });
  const rows = Array.from({ length: 2_000 }, (_, i) => ({ kind: `k${i % 300}`, p0: 'x' }));
  expect(boundedSafeParse(schema, { rows }, undefined, 60_000)).toMatchObject({ success: true });
  expect(boundedSafeParse(schema, { rows: [...rows, { kind: 'none' }] }, undefined, 60_000)).toMatchObject({ success: false, error: expect.anything() });
});

// Through the plan check of a job: literal args meeting such a schema are a plan error at the args, and
// nothing runs (the check holds the loop for the limit, once). The job is given 0.3 s, not the default 5 s
// (CHECK_TIME_LIMIT_MS, which boundedSafeParse takes when given none): 5 s of CPU was the suite's dearest test.
it('a step whose literal args meet such a schema is refused at load after the limit, at its args', async () => {
  const called: string[] = [];
  const tool: Tool = { name: 'fx__deep', description: 'Deep', inputSchema: doubling(24) as Tool['inputSchema'], sideEffects: false, execute: async () => (called.push('fx__deep'), 'answered') };
  const job = await runOfflineJob({
    plan: `name: Doubling schema
workflow_sequence:
  - { id: direct, type: tool_call, tool: fx__deep, args: { q: 1 } }
`,
    extraTools: [tool],
    argsCheckLimitMs: 300,
    script: [],
  });
  expect(job.outcome.kind).toBe('rejected');
  const errors = job.outcome.kind === 'rejected' ? job.outcome.errors.map((error) => formatPlanError({ ...error, file: 'plan.yml' })) : [];
  expect(errors).toEqual([expect.stringMatching(/^plan\.yml:3:\d+: the args were not checked: checking them against the tool's input schema was stopped after 0\.3 s: .*\(input of tool `fx__deep`\); give the tool a simpler input schema, or leave it out of this step \(an MCP server's `tools:` list can leave it out of the run\) \(at workflow_sequence\[0\]\.args\)$/)]);
  expect(called).toEqual([]);
  expect(CHECK_TIME_LIMIT_MS).toBe(5_000);
});

it('writes a short message for a value not in a long enum, also inside a union, where zod listed every value each time', () => {
  const values = Array.from({ length: 5_000 }, (_, index) => `v${index}`);
  const schema = compiled({ type: 'array', items: { anyOf: [{ enum: values }, { type: 'number' }] } });
  const result = boundedSafeParse(schema, ['x', 'y']);
  if (result.success || 'unchecked' in result) throw new Error('the wrong values passed');
  // The union's issue holds its branches' issues, each with its message.
  const messages: string[] = [];
  const collect = (issues: readonly { message: string; errors?: unknown }[]): void => {
    for (const issue of issues) {
      messages.push(issue.message);
      if (Array.isArray(issue.errors)) for (const branch of issue.errors) collect(branch);
    }
  };
  collect(result.error.issues);
  expect(messages).toContain(`Invalid option: expected one of ${values.slice(0, 20).map((value) => `"${value}"`).join('|')} … and 4980 more`);
  expect(messages.join('').length).toBeLessThan(2_000);
  const few = boundedSafeParse(compiled({ enum: ['a', 'b'] }), 'c');
  expect(few.success || 'unchecked' in few ? undefined : few.error.issues[0]!.message).toBe('Invalid option: expected one of "a"|"b"');
});

it('keeps nothing of a stopped check: zod unwinds as it returns, not through a throw', () => {
  // Thrown, the stop left zod's memoizer the containers under way, each pinning its partly built output:
  // 6.4 MB a stop for this value, 100 levels deep with 2,000 strings at each.
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 12; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { allOf: [{ $ref: `#/$defs/a${i + 1}` }, { type: 'object' }] }] };
  defs['a12'] = { type: 'object', properties: { big: { type: 'array', items: { type: 'string' } }, q: { $ref: '#/$defs/a0' } } };
  const schema = compiled({ $ref: '#/$defs/a0', $defs: defs });
  const deep = (): unknown => {
    let value: unknown = 1;
    for (let level = 0; level < 100; level++) value = { big: Array.from({ length: 2_000 }, (_, index) => `s${level}-${index}`), q: value };
    return value;
  };
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const stop = () => expect(boundedSafeParse(schema, deep(), undefined, 30)).toMatchObject({ unchecked: expect.any(String) });
  stop();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let round = 0; round < 8; round++) stop();
  gc();
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 1024 * 1024);
});

it('writes the short message in the checks zod runs apart (propertyNames) too', () => {
  const values = Array.from({ length: 5_000 }, (_, index) => `v${index}`);
  const result = boundedSafeParse(compiled({ type: 'object', propertyNames: { enum: values } }), { wrong: 1 });
  if (result.success || 'unchecked' in result) throw new Error('the wrong key passed');
  const messages: string[] = [];
  const collect = (issues: readonly { message: string; issues?: unknown }[]): void => {
    for (const issue of issues) {
      messages.push(issue.message);
      if (Array.isArray(issue.issues)) collect(issue.issues);
    }
  };
  collect(result.error.issues);
  expect(messages.join('').length).toBeLessThan(1_000);
});

it('says why a value zod could not check was refused, and throws nothing', () => {
  const throwing = z.string().refine(() => {
    throw new Error('no way to tell');
  });
  expect(boundedSafeParse(throwing, 'x')).toEqual({ success: false, unchecked: "checking them against the tool's input schema failed: no way to tell" });
});

it('checks a union of literals as one lookup, and a oneOf listing a value twice as zod does', () => {
  // zod tried each of 1,200 branches and kept an issue from each: 300 wrong values took 983 ms and 207 MB.
  const kinds = Array.from({ length: 1_200 }, (_, index) => ({ const: `kind-${index}`, title: `Kind ${index}` }));
  for (const schema of [compiled({ oneOf: kinds }), compiled({ anyOf: kinds }), compiled({ enum: Array.from({ length: 1_200 }, (_, index) => index) })]) {
    const wrong = boundedSafeParse(schema, 'kind-x');
    if (wrong.success || 'unchecked' in wrong) throw new Error('the wrong value passed');
    expect(wrong.error.issues).toMatchObject([{ code: 'invalid_value', path: [] }]);
    expect((wrong.error.issues[0] as { values: unknown[] }).values.length).toBeGreaterThanOrEqual(1_200);
  }
  expect(boundedSafeParse(compiled({ oneOf: kinds }), 'kind-7').success).toBe(true);
  // Listed twice in a oneOf, a value matches two branches: refused, as JSON Schema says.
  expect(boundedSafeParse(compiled({ oneOf: [{ const: 'a' }, { const: 'a' }, { const: 'b' }] }), 'a').success).toBe(false);
  expect(boundedSafeParse(compiled({ oneOf: [{ const: 'a' }, { const: 'a' }, { const: 'b' }] }), 'b').success).toBe(true);
  expect(boundedSafeParse(compiled({ anyOf: [{ const: 'a' }, { const: 'a' }] }), 'a').success).toBe(true);
});
