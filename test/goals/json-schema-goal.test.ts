import { describe, expect, it } from 'vitest';
import { checkGoal, finishedRun } from './goal-fixtures.ts';

// The example: the plan file's shorthand lists required keys without `properties`.
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
});
