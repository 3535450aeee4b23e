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
});
