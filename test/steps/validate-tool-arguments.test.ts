import { describe, expect, it } from 'vitest';
import { validateToolArguments } from '../../src/steps/validate-tool-arguments.ts';
import type { Tool } from '../../src/tools/tool.ts';

const tool = (inputSchema: Tool['inputSchema']): Tool => ({ name: 'fetch', description: 'd', inputSchema, sideEffects: false, execute: async () => null });

describe('validateToolArguments', () => {
  it('enforces required names even when the schema does not list them under properties', () => {
    const result = validateToolArguments(tool({ type: 'object', required: ['week'] }), {});
    expect(result.ok).toBe(false);
    expect(validateToolArguments(tool({ type: 'object', required: ['week'] }), { week: '2026-W48' }).ok).toBe(true);
  });

  it('rejects arguments of the wrong type', () => {
    const result = validateToolArguments(tool({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }), { a: '1' });
    expect(result.ok).toBe(false);
  });

  it('rejects a value too long for its pattern to check on the event loop, naming the pattern', () => {
    const schema = tool({ type: 'object', properties: { name: { type: 'string', pattern: String.raw`\pL{1000}\pN` } }, required: ['name'] });
    // Checked, this took 40 s on this machine, past the test's timeout.
    const result = validateToolArguments(schema, { name: 'a'.repeat(1024 * 1024) });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('pattern') });
    expect(validateToolArguments(schema, { name: `${'a'.repeat(1000)}1` }).ok).toBe(true);
  });

  it('tells the model what is wrong in the plan check\'s words: where, what was expected, what was given', () => {
    const schema = tool({
      type: 'object',
      properties: { week: { type: 'string', format: 'date' }, state: { enum: ['open', 'closed', 'all'] }, n: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    });
    const result = validateToolArguments(schema, { week: 'soon', state: 'closd', n: 0, colour: 'red' });
    expect(result).toEqual({
      ok: false,
      error: [
        'week: `week` must be in the `date` format; got `soon`',
        'state: `state` must be one of open, closed, all; got `closd` — did you mean `closed`?',
        'n: `n` must be at least 1; got `0`',
        'colour: unknown key `colour`; known keys here: week, state, n',
      ].join('\n'),
    });
  });

  it('lists at most 20 problems, and a long enum by 20 of its values, however many the arguments have', () => {
    // zod's own text listed every value in every issue: 1,000 tags against 20,000 values made 409 MB.
    const values = Array.from({ length: 2_000 }, (_, index) => `label-${index}`);
    const schema = tool({ type: 'object', properties: { tags: { type: 'array', items: { enum: values } } } });
    const result = validateToolArguments(schema, { tags: Array.from({ length: 100 }, (_, index) => `wrong-${index}`) });
    if (result.ok) throw new Error('the wrong tags passed');
    const lines = result.error.split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('tags[0]: an item of `tags` must be one of ' + values.slice(0, 20).join(', ') + ' … and 1980 more; got `wrong-0`');
    expect(lines[20]).toBe('(only the first 20 problems are shown)');
    expect(result.error.length).toBeLessThan(10_000);
  });
});
