import { describe, expect, it } from 'vitest';
import { stepListSchema } from '../../src/planner/step-list-format.ts';

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; additionalProperties?: unknown; items?: Schema; anyOf?: Schema[] };

function objects(schema: Schema, found: Schema[] = []): Schema[] {
  if (schema.type === 'object') found.push(schema);
  for (const inner of [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])]) objects(inner, found);
  return found;
}

describe('the step list response format', () => {
  it('fits strict mode: every object closed, every property required', () => {
    const schema = stepListSchema() as Schema;
    const all = objects(schema);
    expect(all.length).toBeGreaterThanOrEqual(2);
    for (const object of all) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required?.sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
    expect(JSON.stringify(schema)).not.toContain('propertyNames');
    // Nor does it take `uniqueItems`, which the plan's lists say (an agent's tools, an aggregate's inputs): the recorded
    // example replays stopped matching the planner's request when it came in (the full suite found it).
    expect(JSON.stringify(schema)).not.toContain('uniqueItems');
    // The plan schema's editor help (defaults, examples) is not for strict mode; its descriptions are.
    expect(JSON.stringify(schema)).not.toMatch(/"(default|examples)":/);
    expect(JSON.stringify(schema)).toContain('"description":');
  });

  it('takes the step fields from the plan schema, optional ones nullable and args as JSON text', () => {
    const step = (stepListSchema() as Schema).properties!.steps!.items!;
    expect(Object.keys(step.properties!)).toEqual(['id', 'type', 'description', 'tool', 'args', 'task', 'tools', 'agent', 'inputs', 'depends_on', 'for_each', 'on_item_failure', 'why']);
    expect(step.properties!.type).toMatchObject({ enum: ['tool_call', 'reasoning', 'aggregate', 'agent'] });
    expect(step.properties!.args).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(step.properties!.id!.anyOf).toBeDefined();
  });
});
