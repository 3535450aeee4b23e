import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planJsonSchema, planJsonSchemaText } from '../../src/plan/plan-json-schema.ts';

describe('plan.schema.json', () => {
  it('is up to date with the zod schema (if not: run `npm run schema` and commit the file)', () => {
    const committed = readFileSync(join(import.meta.dirname, '../../plan.schema.json'), 'utf8');
    expect(committed === planJsonSchemaText(), 'plan.schema.json is stale: run `npm run schema` and commit the file').toBe(true);
  });

  it('describes the input side: optional keys, step ids as integer or string, no unknown keys', () => {
    const schema = planJsonSchema() as { title: string; required?: string[]; additionalProperties: boolean; properties: Record<string, { items?: { properties: { id: unknown } } }> };
    expect(schema.title).toBe('plan-runner plan file (v1)');
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.workflow_sequence!.items!.properties.id).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'string' }] });
  });
});
