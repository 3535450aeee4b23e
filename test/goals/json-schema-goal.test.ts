import { describe, expect, it } from 'vitest';
import { checkJsonSchema, evaluationBound, MIN_SCHEMA_EVALUATIONS } from '../../src/goals/json-schema-validator.ts';
import { MAX_SCHEMA_EVALUATIONS } from '../../src/goals/goal-work.ts';
import { checkGoal, finishedRun } from './goal-fixtures.ts';
import { parseCommandOutput } from '../../src/tools/command-tool.ts';

// The issue's example: the plan file's shorthand lists required keys without `properties`.
const NOTES = { of: 'notes', json_schema: { type: 'object', required: ['version', 'changes'] } };
const TYPED = {
  json_schema: {
    type: 'object',
    required: ['version', 'changes'],
    properties: { version: { type: 'string' }, changes: { type: 'array', items: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } } } },
  },
};
const notesRun = (notes: unknown) => finishedRun('the final summary', { notes: { state: 'completed', result: notes } });

describe('json_schema', () => {
  it('accepts an object result that validates', async () => {
    const result = await checkGoal(NOTES, notesRun({ version: '1.2.0', changes: [] }));
    expect(result).toMatchObject({ outcome: 'met', evidence: 'valid JSON that matches the schema' });
  });

  it('parses a JSON string, also inside a ```json fence', async () => {
    const fenced = 'Here are the notes:\n```json\n{"version": "1.2.0", "changes": [{"title": "faster"}]}\n```';
    expect((await checkGoal(TYPED, finishedRun('{"version": "1.2.0", "changes": []}'))).outcome).toBe('met');
    expect((await checkGoal(TYPED, finishedRun(fenced))).outcome).toBe('met');
  });

  // A number a double cannot hold reaches a goal as the text the tool wrote (a string), which `maximum` skips:
  // `{"risk": 1e400}` met `maximum: 10`, which as Infinity it had failed (found by an adversarial pass).
  it('is unmet when a number bounded without a type is one a double cannot hold, and checks numbers and strings as before', async () => {
    const bounded = { json_schema: { type: 'object', properties: { risk: { maximum: 10 } } } };
    const run = (stdout: string) => notesRun(parseCommandOutput(stdout));
    for (const stdout of ['{"risk": 1e400}', '{"risk": 12345678901234567890}', '{"risk": -1e-400}']) expect((await checkGoal({ of: 'notes', ...bounded }, run(stdout))).outcome, stdout).toBe('unmet');
    for (const stdout of ['{"risk": 3}', '{"risk": "high"}', '{"risk": "12"}']) expect((await checkGoal({ of: 'notes', ...bounded }, run(stdout))).outcome, stdout).toBe('met');
    expect(checkJsonSchema({ maximum: 10 }, '1e400')).toMatchObject({ ok: true, valid: false });
    expect(checkJsonSchema({ type: ['string', 'number'], maximum: 10 }, '1e400')).toMatchObject({ ok: true, valid: true });
  });

  // The refusal under `not` (or in an `if`) turned over: `not: {minimum: 100}` (below 100) was met by 1e400, which
  // `minimum` had skipped as a string, so the `not` had refused it.
  it('is unmet when a number a double cannot hold is bounded under not, and an if takes it as meeting its bound', async () => {
    const run = (stdout: string) => notesRun(parseCommandOutput(stdout));
    const below = { of: 'notes', json_schema: { type: 'object', properties: { risk: { not: { minimum: 100 } } } } };
    for (const stdout of ['{"risk": 1e400}', '{"risk": 12345678901234567890}']) expect((await checkGoal(below, run(stdout))).outcome, stdout).toBe('unmet');
    expect((await checkGoal(below, run('{"risk": 3}'))).outcome).toBe('met');
    const approved = { of: 'notes', json_schema: { type: 'object', if: { properties: { risk: { minimum: 50 } } }, then: { required: ['approval'] } } };
    expect((await checkGoal(approved, run('{"risk": 1e400}'))).outcome).toBe('unmet');
    expect((await checkGoal(approved, run('{"risk": 3}'))).outcome).toBe('met');
    expect(checkJsonSchema({ not: { not: { maximum: 10 } } }, '1e400')).toMatchObject({ ok: true, valid: false });
  });

  // Found by an adversarial pass: an `if` took a kept number as meeting its bound, so its `else` never held it:
  // `if: {maximum: 50}` with approval asked for in `else` let `{"risk": 1e400}` pass without approval.
  it('is unmet when a number a double cannot hold meets an if’s then but not its else', async () => {
    const run = (stdout: string) => notesRun(parseCommandOutput(stdout));
    const approved = { of: 'notes', json_schema: { type: 'object', if: { properties: { risk: { maximum: 50 } } }, then: true, else: { required: ['approval'] } } };
    for (const stdout of ['{"risk": 1e400}', '{"risk": 12345678901234567890}', '{"risk": 60}']) expect((await checkGoal(approved, run(stdout))).outcome, stdout).toBe('unmet');
    for (const stdout of ['{"risk": 3}', '{"risk": 1e400, "approval": "lead"}', '{"risk": 60, "approval": "lead"}']) expect((await checkGoal(approved, run(stdout))).outcome, stdout).toBe('met');
    const both = { if: { maximum: 50 }, then: { not: { const: 'x' } }, else: { const: 'approved' } };
    expect(checkJsonSchema(both, '1e400')).toMatchObject({ ok: true, valid: false, errors: [expect.objectContaining({ keyword: 'const' })] });
    expect(checkJsonSchema(both, 60)).toMatchObject({ ok: true, valid: false });
    expect(checkJsonSchema(both, 3)).toMatchObject({ ok: true, valid: true });
  });

  // Found by an adversarial pass: the first fence was read, and a second one, the model's correction, ignored.
  it('is unmet when the result holds two different JSON fences, and reads one written twice', async () => {
    const APPROVED = { json_schema: { type: 'object', required: ['approved'], properties: { approved: { const: true } } } };
    const corrected = 'Answer:\n```json\n{"approved": true}\n```\nCorrection, the real answer is:\n```json\n{"approved": false}\n```';
    expect(await checkGoal(APPROVED, finishedRun(corrected))).toMatchObject({ outcome: 'unmet', evidence: 'the result is not JSON: it holds 2 different JSON code blocks, and which one is the answer is not clear; have the step return one' });
    const twice = '```json\n{"approved": true}\n```\nAgain:\n```\n{ "approved" : true }\n```';
    expect(await checkGoal(APPROVED, finishedRun(twice))).toMatchObject({ outcome: 'met' });
    // Found by a review: a correction in a tilde, a longer or a jsonc fence was not read.
    for (const fence of ['~~~json\n{"approved": false}\n~~~', '````json\n{"approved": false}\n````', '```jsonc\n{"approved": false}\n```']) {
      expect(await checkGoal(APPROVED, finishedRun(`\`\`\`json\n{"approved": true}\n\`\`\`\nCorrection:\n${fence}`)), fence).toMatchObject({ outcome: 'unmet' });
    }
  });

  // Found by an adversarial hunt: the words around the block were read from each brace on to the text's end within a
  // budget of twice their length, and from 50 braces at most, and a correction past either bound was never read: three
  // stray braces (code quoted in prose) or 50 placeholders before "Correction: {"approved": false}" passed the gate.
  it('is unmet when a correction beside the block lies past braces that open no object', async () => {
    const APPROVED = { json_schema: { type: 'object', required: ['approved'], properties: { approved: { const: true } } } };
    const block = '```json\n{"approved": true}\n```';
    const correction = 'Correction: it leaks a secret, so NOT approved: {"approved": false}';
    const code = 'The handler reads `if (ok) {`, then `for (const file of files) {` and `try {` without closing them.';
    const placeholders = Array.from({ length: 60 }, (_, i) => `{name${i}}`).join(' ');
    for (const words of [code, `The template fills ${placeholders}.`]) {
      expect(await checkGoal(APPROVED, finishedRun(`${block}\n${words}\n${correction}`)), words.slice(0, 40)).toMatchObject({ outcome: 'unmet', evidence: expect.stringContaining('the result is not JSON') });
      // The same words without the correction say nothing against the block.
      expect(await checkGoal(APPROVED, finishedRun(`${block}\n${words}`)), words.slice(0, 40)).toMatchObject({ outcome: 'met' });
    }
  });

  it('reads a block written many times once, and no more than 100 different blocks', async () => {
    const APPROVED = { json_schema: { type: 'object', required: ['approved'], properties: { approved: { const: true } } } };
    // 16 MiB of empty blocks was a failed parse each (15 s); written 100,000 times, one block is one answer.
    const same = '```json\n{"approved": true}\n```\n'.repeat(100_000);
    expect(await checkGoal(APPROVED, finishedRun(same))).toMatchObject({ outcome: 'met' });
    const many = Array.from({ length: 101 }, (_, i) => `\`\`\`\nnot json ${i}\n\`\`\``).join('\n');
    expect(await checkGoal(APPROVED, finishedRun(many))).toMatchObject({ outcome: 'unmet', evidence: 'the result is not JSON: it holds more than 100 different code blocks that are not JSON; have the step return one JSON value' });
    expect(await checkGoal(APPROVED, finishedRun(many.split('\n').slice(0, 300).join('\n')))).toMatchObject({ evidence: expect.stringContaining('it holds 100 different JSON code blocks') });
    const answers = Array.from({ length: 101 }, (_, i) => `\`\`\`\n{"approved": ${i}}\n\`\`\``).join('\n');
    expect(await checkGoal(APPROVED, finishedRun(answers))).toMatchObject({ outcome: 'unmet', evidence: 'the result is not JSON: it holds more than 100 different JSON code blocks, and which one is the answer is not clear; have the step return one' });
    // One answer spaced 101 ways is one answer (found by a review of the bound).
    const spaced = Array.from({ length: 101 }, (_, i) => `\`\`\`json\n{"approved":${' '.repeat(i)}true}\n\`\`\``).join('\n');
    expect(await checkGoal(APPROVED, finishedRun(spaced))).toMatchObject({ outcome: 'met' });
  });

  it('is unmet when a required key is missing, even if the schema lists no properties', async () => {
    const result = await checkGoal(NOTES, notesRun({ changes: [] }));
    expect(result).toMatchObject({ outcome: 'unmet', evidence: 'at version: required but missing' });
  });

  it('names the path of the first issue', async () => {
    const result = await checkGoal(TYPED, finishedRun({ version: '1.2.0', changes: [{ title: 'a' }, { title: 7 }] }));
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toBe('at changes[1].title: must be string');
  });

  it('is unmet when the result is not JSON, saying why', async () => {
    const result = await checkGoal(TYPED, finishedRun('version 1.2.0, some changes'));
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toMatch(/^the result is not JSON: Unexpected token/);
  });

  it('could not be evaluated when its step failed', async () => {
    const run = finishedRun('the final summary', { notes: { state: 'failed' } });
    expect(await checkGoal(NOTES, run)).toMatchObject({ outcome: 'error', evidence: 'could not evaluate: step notes did not complete (failed)' });
  });

  it('could not be evaluated when the schema itself cannot be used', async () => {
    const result = await checkGoal({ json_schema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } }, finishedRun({ a: 1 }));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: the goal's json_schema cannot be used \(.+\); fix it in the plan file$/);
  });

  // Found by an adversarial pass: a `$ref` back to its own subschema that reads no deeper into the value ran Ajv's
  // code out of stack, and the goal read "could not evaluate: Maximum call stack size exceeded", saying nothing of what to do.
  it('could not be evaluated when its $ref leads back to itself, saying what to change', async () => {
    const loop = { $defs: { x: { anyOf: [{ $ref: '#/$defs/x' }] } }, $ref: '#/$defs/x' };
    for (const schema of [{ type: 'object', $ref: '#' }, { not: { $ref: '#' } }, loop]) {
      const result = await checkGoal({ json_schema: schema }, finishedRun({ a: 1 }));
      expect(result.outcome, JSON.stringify(schema)).toBe('error');
      expect(result.evidence).toMatch(/^could not evaluate: checking the result against the goal's json_schema went deeper than the stack allows: a `\$ref` or `\$dynamicRef` that leads back to its own subschema .*; fix the schema in the plan file$/);
    }
    // A tree's `$ref` reads one level deeper each time round.
    expect(checkJsonSchema({ $defs: { t: { type: 'array', items: { $ref: '#/$defs/t' } } }, $ref: '#/$defs/t' }, [[[]]])).toMatchObject({ ok: true, valid: true });
  });

  // zod compiles a schema's patterns with `new RegExp`: on a backtracking engine these two never
  // return on the hostile value below. They run on the linear-time engine instead.
  it('checks a catastrophic pattern and pattern property against hostile output without hanging', async () => {
    const hostile = `${'a'.repeat(5000)}!`;
    const schema = {
      json_schema: {
        type: 'object',
        properties: { title: { type: 'string', pattern: '^(a+)+$' } },
        patternProperties: { '^(b|bb)+$': { type: 'number' } },
      },
    };
    const result = await checkGoal(schema, finishedRun({ title: hostile, [`${'b'.repeat(5000)}!`]: 'x' }));
    expect(result.outcome).toBe('unmet');
    expect(result.evidence).toBe('at title: must match pattern "^(a+)+$"');
    expect((await checkGoal(schema, finishedRun({ title: 'aaaa', bb: 2 }))).outcome).toBe('met');
    expect(new RegExp('x(?=y)').test('xy')).toBe(true); // the native engine is back once the schema is built
  });

  it('says what a contains needs, as the schema wrote it', async () => {
    expect(await checkGoal({ json_schema: { type: 'object', additionalProperties: { contains: { const: 'approved' } } } }, finishedRun({ a: ['approved'], b: ['pending'] }))).toMatchObject({
      outcome: 'unmet',
      evidence: 'at b: must contain at least 1 valid item(s)',
    });
    expect(await checkGoal({ json_schema: { contains: { const: 1 }, minContains: 2, maxContains: 3 } }, finishedRun([1]))).toMatchObject({ evidence: 'at the top level: must contain at least 2 and no more than 3 valid item(s)' });
  });

  // Found by an adversarial hunt: each string fitted the bound of one pattern call, so a pattern of 50,000
  // steps over a 128 KB array of strings held the event loop 9.4 s. All the tests of one check share it.
  // A test is charged its program's size times the string's length before it runs, whatever it then does: the
  // pattern opens with a letter no string holds, so the engine gives up on each string at once. (Opened with `\pL`,
  // each string took the engine 9,000,000 steps, 3.8 s of CPU for the four checks, 30 s on two loaded cores.)
  it("could not be evaluated once its patterns' work over all the result's strings passes MAX_REGEX_WORK", async () => {
    const pattern = `z${String.raw`\pL{1000}`.repeat(9)}`;
    const strings = (count: number) => Array.from({ length: count }, () => 'a'.repeat(1_000));
    expect(await checkGoal({ json_schema: { type: 'array', items: { not: { pattern } } } }, finishedRun(strings(11)))).toMatchObject({ outcome: 'met' });
    const result = await checkGoal({ json_schema: { type: 'array', items: { not: { pattern } } } }, finishedRun(strings(12)));
    expect(result.outcome).toBe('error');
    expect(result.evidence).toMatch(/^could not evaluate: checking the result's strings against the goal's json_schema patterns \(the last one tried: \/.*\/u\) would take more than the 100,000,000 steps in all that one check may take on the event loop/);
    // patternProperties too, each key a test; and the next check has the whole budget again.
    const keys = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${'k'.repeat(999)}${i}`, 1]));
    expect(checkJsonSchema({ patternProperties: { [pattern]: { type: 'string' } } }, keys)).toMatchObject({ ok: false });
    expect(checkJsonSchema({ patternProperties: { [pattern]: { type: 'string' } } }, Object.fromEntries(Object.entries(keys).slice(0, 11)))).toMatchObject({ ok: true, valid: true });
  });

  // Found by an adversarial pass: without allErrors Ajv still tries each branch of an anyOf at each level, and
  // keeps each failed branch's errors. 570 bytes nested 22 deep held the event loop 33 s; 24 deep, out of memory.
  describe('a recursive anyOf against a deeply nested result', () => {
    const tree = (shape: Record<string, unknown>) => ({ type: 'object', properties: { ...shape, children: { type: 'array', items: { $ref: '#/$defs/node' } } } });
    const schema = { $ref: '#/$defs/node', $defs: { node: { anyOf: [{ ...tree({}), required: ['children'] }, { ...tree({ name: { type: 'string' } }), required: ['name'] }] } } };
    const nested = (depth: number, leaf: unknown) => {
      let value = leaf;
      for (let level = 0; level < depth; level++) value = { name: 'x', children: [value] };
      return value;
    };

    it('could not be evaluated once it has evaluated its bound of subschemas, saying what to change', async () => {
      const result = await checkGoal({ json_schema: schema }, finishedRun(nested(22, 1)));
      expect(result.outcome).toBe('error');
      expect(result.evidence).toBe(
        "could not evaluate: checking the result against the goal's json_schema took more than 1,000,000 evaluations of its subschemas (an anyOf or oneOf whose branches each check a nested result again takes time that doubles with each level); make the branches differ early (a required key or a const each, checked before the nesting), or have the step return a flatter result",
      );
    }, 60_000);

    it('is checked as before within the bound: a valid tree of that depth, an invalid shallow one, and a wide result', async () => {
      expect(await checkGoal({ json_schema: schema }, finishedRun(nested(22, { name: 'leaf', children: [] })))).toMatchObject({ outcome: 'met' });
      expect(await checkGoal({ json_schema: schema }, finishedRun(nested(4, 1)))).toMatchObject({ outcome: 'unmet', evidence: expect.stringMatching(/^at children\[0\]\.children\[0\]\.children\[0\]\.children\[0\]: must be object \(and \d+ more issues\)$/) });
      const wide = Array.from({ length: 20_000 }, (_, id) => ({ id, name: `n${id}`, tags: ['a', 'b'] }));
      const item = { anyOf: [{ type: 'object', required: ['missing'] }, { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['id'] }] };
      expect(checkJsonSchema({ type: 'array', items: item }, wide)).toMatchObject({ ok: true, valid: true });
    });

    it('counts every subschema it evaluates: a bound a little under what a check needs stops it, one at it does not', () => {
      const value = nested(6, 1);
      let needed = 0;
      while (!checkJsonSchema(schema, value, { maxEvaluations: needed }).ok) needed += 1;
      expect(needed).toBeGreaterThan(100);
      expect(checkJsonSchema(schema, value, { maxEvaluations: needed - 1 })).toMatchObject({ ok: false });
      expect(checkJsonSchema(schema, value, { maxEvaluations: needed })).toMatchObject({ ok: true, valid: false });
    });

    // Found by a review: a fixed bound of 1,000,000 refused results that are only wide, a few evaluations a value.
    it('bounds a check by the size of the result: wide results pass, within a floor and a ceiling', () => {
      expect(evaluationBound(nested(22, 1))).toBe(MIN_SCHEMA_EVALUATIONS);
      expect(evaluationBound(Array.from({ length: 100_000 }, () => 'a'))).toBe(1_600_016);
      expect(evaluationBound(Array.from({ length: 1_000_000 }, () => 'a'))).toBe(MAX_SCHEMA_EVALUATIONS);
      const flat = Array.from({ length: 400_000 }, () => 'a');
      expect(checkJsonSchema({ type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'string' }] } }, flat)).toMatchObject({ ok: true, valid: true });
    });
  });
});
