import { z } from 'zod';
import type { ChatRequest } from '../llm/model-client.ts';
import { Step, StepId, StepType } from '../plan/schema.ts';

type JsonObject = Record<string, unknown>;

/** The step fields a planner writes; the rest (`retry`, `timeout_seconds`, …) stay with people. */
export const MODEL_STEP_FIELDS = ['id', 'type', 'description', 'tool', 'args', 'task', 'tools', 'agent', 'inputs', 'depends_on', 'for_each', 'on_item_failure', 'why'] as const;

// A planner lists plain ids in depends_on; optional inputs are for people who know which sources may fail.
const ModelStep = Step.pick(Object.fromEntries(MODEL_STEP_FIELDS.map((field) => [field, true])) as { [K in (typeof MODEL_STEP_FIELDS)[number]]: true }).extend({
  depends_on: z.array(StepId).optional(),
  // Plans a model writes cannot use plan files; the type is not offered.
  type: StepType.exclude(['plan']),
});

/** Strict mode wants every property required: an optional one becomes "this, or null". */
function nullable(schema: unknown): JsonObject {
  return { anyOf: [schema, { type: 'null' }] };
}

// Strict mode cannot express an open object, so the args travel as JSON text (parsed on reading).
const ARGS_AS_TEXT = {
  type: 'string',
  description: 'tool_call only: the tool arguments as a JSON object encoded as a string, e.g. "{\\"query\\": \\"tram\\"}"; null for other step types',
};

/**
 * Drops what strict mode rejects or does not need (`propertyNames`, `uniqueItems`, 2^53 bounds, editor-only `default`
 * and `examples`), recursively. The plan's check refuses what they say all the same.
 */
function loosen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(loosen);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'propertyNames' || key === 'uniqueItems' || key === '$schema' || key === 'maximum' || key === 'minimum' || key === 'default' || key === 'examples') continue;
    out[key] = loosen(inner);
  }
  return out;
}

function strictStep(): JsonObject {
  const schema = loosen(z.toJSONSchema(ModelStep, { io: 'input', target: 'draft-7' })) as { properties: JsonObject; required?: string[] };
  const required = new Set(schema.required ?? []);
  const properties: JsonObject = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    const shaped = name === 'args' ? ARGS_AS_TEXT : property;
    properties[name] = required.has(name) ? shaped : nullable(shaped);
  }
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

/**
 * The planner's answer as a strict JSON schema, built from the plan's own `Step` schema so the two
 * cannot drift: `{"steps": [...], "why": ...}`, fields that do not apply null.
 */
export function stepListSchema(): JsonObject {
  return {
    type: 'object',
    properties: {
      steps: { type: 'array', items: strictStep() },
      why: nullable({ type: 'string', description: 'one sentence: what this plan does differently, when it replaces steps' }),
    },
    required: ['steps', 'why'],
    additionalProperties: false,
  };
}

/** `response_format` asking for a step list. */
export function stepListResponseFormat(): NonNullable<ChatRequest['response_format']> {
  return { type: 'json_schema', json_schema: { name: 'plan_steps', strict: true, schema: stepListSchema() } };
}
