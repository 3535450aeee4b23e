import { z } from 'zod';
import { Plan } from './schema.ts';

/** The committed schema's file name, at the repository root. */
export const PLAN_SCHEMA_FILE = 'plan.schema.json';

/** The plan file's JSON Schema, generated from the zod schema so the two cannot drift apart. */
export function planJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Plan, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' });
  const { $schema, ...rest } = schema;
  return {
    $schema,
    $id: 'urn:plan-runner:plan-file:v1',
    title: 'plan-runner plan file (v1)',
    description: 'A plan-runner workflow: steps (tool_call, reasoning, aggregate), tools, limits and goals.',
    ...rest,
  };
}

/** The text of `plan.schema.json` as committed. */
export function planJsonSchemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}
