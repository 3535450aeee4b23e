import { z } from 'zod';
import { forEachBranch, goalKindBranches, goalOrStepsBranch, httpUrlsOnly, reservedItemNameBranches, stepTypeBranches, toolsetSectionBranches } from './plan-schema-branches.ts';
import { Plan } from './schema.ts';
import { NEEDS_GOAL_OR_STEPS } from './validate-plan.ts';

/** The committed schema's file name, at the repository root. */
export const PLAN_SCHEMA_FILE = 'plan.schema.json';

/** Where the committed schema is published; editors and SchemaStore fetch it from here. */
export const PLAN_SCHEMA_ID = 'https://raw.githubusercontent.com/your-org/plan-runner/main/plan.schema.json';

type JsonSchema = Record<string, unknown> & { properties: Record<string, JsonSchema & { items: JsonSchema }> };

/**
 * The plan file's JSON Schema, generated from the zod schema so the two cannot drift apart, with
 * the CLI's cross-field rules an editor can show too: per step type, per goal kind, goal or steps.
 */
export function planJsonSchema(): Record<string, unknown> {
  const { $schema, ...rest } = z.toJSONSchema(Plan, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  httpUrlsOnly(rest);
  const { workflow_sequence: steps, goals } = rest.properties;
  if (steps) steps.items.allOf = [...stepTypeBranches(), forEachBranch(), ...reservedItemNameBranches()];
  if (goals) goals.items.allOf = goalKindBranches();
  // `escalate` names someone (a mention, a label or both), as the CLI requires: an empty block tells no one.
  if (rest.properties.escalate) rest.properties.escalate.minProperties = 1;
  return {
    $schema,
    $id: PLAN_SCHEMA_ID,
    title: 'plan-runner plan file (v1)',
    ...rest,
    description: 'A plan-runner plan: steps (tool_call, reasoning, aggregate, agent, plan) run as a dependency graph, the tools they call, limits, and the goals that decide the job.',
    allOf: [goalOrStepsBranch(NEEDS_GOAL_OR_STEPS), ...toolsetSectionBranches()],
  };
}

/** The text of `plan.schema.json` as committed. */
export function planJsonSchemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}
