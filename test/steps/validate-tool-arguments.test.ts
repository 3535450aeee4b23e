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
});
