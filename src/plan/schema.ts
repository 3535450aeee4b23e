import { z } from 'zod';
import { GithubConfig } from './github-config.ts';
import { HttpConfig } from './http-config.ts';
import { McpServers } from './mcp-config.ts';
import type * as Core from '../core/plan-step.ts';

/** Function-name rule of the Chat Completions API; tool names must follow it. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A step id: an integer (the blog's `id: 1`) or a short name. */
export const StepId = z.union([
  z.int().nonnegative(),
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'step ids use letters, digits, _ and - (at most 64)'),
]);
export type StepId = z.infer<typeof StepId>;

export const ToolName = z
  .string()
  .regex(TOOL_NAME_PATTERN, 'tool names use letters, digits, _ and - (1 to 64), as Chat Completions requires');

/** A duration: seconds as a number, or a string such as `500ms`, `2s`, `1m`. */
export const Duration = z.union([
  z.number().nonnegative(),
  z.string().regex(/^\d+(\.\d+)?(ms|s|m)$/, 'write a duration as 500ms, 2s or 1m'),
]);
export type Duration = z.infer<typeof Duration>;

/** Milliseconds of a duration written in the plan file. */
export function durationMs(value: Duration): number {
  if (typeof value === 'number') return value * 1000;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value);
  if (!match) throw new Error(`not a duration: ${value}`);
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount : match[2] === 's' ? amount * 1000 : amount * 60_000;
}

export const RetryPolicy = z.strictObject({
  max_attempts: z.int().min(1).max(10).optional(),
  initial_interval: Duration.optional(),
  backoff: z.number().min(1).max(10).optional(),
  max_interval: Duration.optional(),
});
export type RetryPolicy = z.infer<typeof RetryPolicy>;

/** A JSON Schema written inline in the plan; checked as a schema in its own right during validation. */
export const JsonSchemaObject = z.record(z.string(), z.unknown());

export const EnvPassThrough = z.union([
  z.array(z.string().regex(ENV_NAME_PATTERN, 'environment variable names use letters, digits and _')),
  z.record(z.string().regex(ENV_NAME_PATTERN, 'environment variable names use letters, digits and _'), z.string()),
]);

export const CommandTool = z.strictObject({
  description: z.string().min(1),
  command: z.array(z.string().min(1)).min(1, 'command needs at least the program to run'),
  input: JsonSchemaObject.optional(),
  side_effects: z.boolean().optional(),
  /** May run on a pull request from a fork (read-only mode); only for tools that change nothing and run no code from the pull request. */
  fork_safe: z.boolean().optional(),
  timeout_seconds: z.number().positive().max(86_400).optional(),
  env: EnvPassThrough.optional(),
  retry: RetryPolicy.optional(),
});
export type CommandTool = z.infer<typeof CommandTool>;

export const StepType = z.enum(['tool_call', 'reasoning', 'aggregate', 'agent']);
export type StepType = z.infer<typeof StepType>;

export const OnFailure = z.enum(['replan', 'fail', 'continue']);

/** A dependency: a step id, or `{step, optional: true}` for an input the step can do without. */
export const Dependency = z.union([StepId, z.strictObject({ step: StepId, optional: z.boolean().optional() })]);
export type Dependency = z.infer<typeof Dependency>;

/** The step id a dependency names. */
export function dependencyId(dependency: Dependency): StepId {
  return typeof dependency === 'object' ? dependency.step : dependency;
}

/** The most items a `for_each` step may expand into, unless `limits.max_items` or the step's `max_items` says otherwise. */
export const MAX_ITEMS_CEILING = 100_000;
const ITEM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** Longest `title:`; the description stays the instruction, the title is what views show. */
export const MAX_TITLE_CHARS = 120;

/** Model turns an agent step may take when it sets no `max_turns`. */
export const DEFAULT_MAX_TURNS = 20;

export const Step = z.strictObject({
  id: StepId,
  type: StepType,
  title: z.string().min(1).max(MAX_TITLE_CHARS, `a title is a short label (at most ${MAX_TITLE_CHARS} characters); put the instruction in description`).optional(),
  description: z.string().optional(),
  tool: ToolName.optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  task: z.string().min(1).describe('agent steps: the instruction the agent works on; references such as ${steps.1.result} are allowed').optional(),
  tools: z.array(ToolName).describe("agent steps: the plan's tools it may call, besides write_todos (default: none)").optional(),
  max_turns: z.int().min(1).max(200).describe(`agent steps: model calls it may make before it is stopped (default ${DEFAULT_MAX_TURNS})`).optional(),
  inputs: z.array(StepId).optional(),
  depends_on: z.array(Dependency).optional(),
  agent: z.string().optional(),
  timeout_seconds: z.number().positive().max(86_400).optional(),
  retry: RetryPolicy.optional(),
  on_failure: OnFailure.optional(),
  review: z.boolean().optional(),
  why: z.string().optional(),
  /** A reference to a list (or a map) from inputs or an upstream step: the step runs once per item. */
  for_each: z.string().min(1).optional(),
  /** The item's name in `${…}` references (default `item`). */
  as: z.string().regex(ITEM_NAME_PATTERN, 'an item name uses letters, digits and _ (not starting with a digit)').optional(),
  /** A child's key from its item, e.g. `${item.name}` (default: its index). */
  key: z.string().min(1).optional(),
  max_items: z.int().min(0).max(MAX_ITEMS_CEILING).optional(),
  on_item_failure: z.enum(['fail', 'continue']).optional(),
});
export type Step = z.infer<typeof Step>;

// The executor's step types in core/ are spelled out without zod; these keep the two in step.
StepId satisfies z.ZodType<Core.StepId>;
StepType satisfies z.ZodType<Core.StepType>;
OnFailure satisfies z.ZodType<Core.OnFailure>;
RetryPolicy satisfies z.ZodType<Core.RetryPolicy>;

export const PlanInput = z.strictObject({
  description: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  required: z.boolean().optional(),
});

export const ModelSettings = z.strictObject({
  name: z.string().min(1).optional(),
  temperature: z.number().min(0).max(2).optional(),
});

export const Limits = z.strictObject({
  concurrency: z.int().min(1).max(64).optional(),
  max_steps: z.int().min(1).max(100_000).optional(),
  max_items: z.int().min(0).max(MAX_ITEMS_CEILING).optional(),
  max_replans: z.int().min(0).max(20).optional(),
  max_model_calls: z.int().min(0).optional(),
  max_tokens: z.int().min(0).optional(),
  max_cost_usd: z.number().min(0).optional(),
  timeout_minutes: z.number().positive().max(360).optional(),
});
export type Limits = z.infer<typeof Limits>;

/** Defaults for `limits`, applied when the plan leaves a field out. */
export const DEFAULT_LIMITS = {
  concurrency: 4,
  max_steps: 50,
  max_items: 1000,
  max_replans: 2,
  max_model_calls: 50,
  max_tokens: 200_000,
  max_cost_usd: Number.POSITIVE_INFINITY,
  timeout_minutes: 30,
} as const satisfies Required<Limits>;

export const Agent = z.strictObject({
  description: z.string().min(1).describe('what the profile is for; the planner reads it when it assigns agents to steps').optional(),
  model: z.string().min(1).optional(),
  system: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  tools: z.array(ToolName).optional(),
});
export type Agent = z.infer<typeof Agent>;

/** Every kind a goal check can be; a goal names exactly one. */
export const GOAL_KINDS = [
  'contains',
  'not_contains',
  'matches',
  'equals',
  'min_words',
  'max_words',
  'max_chars',
  'every_sentence_matches',
  'json_schema',
  'command',
  'all_steps_completed',
  'judge',
] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

export const Goal = z.strictObject({
  name: z.string().min(1),
  severity: z.enum(['required', 'warning']).optional(),
  of: StepId.optional(),
  flags: z.string().regex(/^[imsu]*$/, 'regex flags may be i, m, s and u').optional(),
  timeout_seconds: z.number().positive().max(3600).optional(),
  contains: z.string().min(1).optional(),
  not_contains: z.string().min(1).optional(),
  matches: z.string().min(1).optional(),
  equals: z.string().optional(),
  min_words: z.int().min(0).optional(),
  max_words: z.int().min(0).optional(),
  max_chars: z.int().min(0).optional(),
  every_sentence_matches: z.string().min(1).optional(),
  json_schema: JsonSchemaObject.optional(),
  command: z.array(z.string().min(1)).min(1).optional(),
  all_steps_completed: z.literal(true).optional(),
  judge: z.string().min(1).optional(),
});
export type Goal = z.infer<typeof Goal>;

/** A model's price in USD per million tokens, overriding the built-in table for budgets and the cost table. */
export const ModelPricing = z.strictObject({
  input_per_mtok: z.number().nonnegative(),
  output_per_mtok: z.number().nonnegative(),
});

/** Who to tell when a run is escalated to a person: a mention in the comment and/or a label on the PR or issue. */
export const Escalate = z.strictObject({
  mention: z
    .string()
    .regex(/^@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]{1,100})?$/, 'write a mention as @user or @org/team')
    .optional(),
  label: z.string().min(1).max(50).optional(),
});
export type Escalate = z.infer<typeof Escalate>;

/** Rules for plans a model writes (a file with a goal and no workflow_sequence). */
export const PlannerOptions = z.strictObject({
  require_tools: z
    .boolean()
    .describe('reject a written plan that calls no tool (no tool_call step, no agent step with tools); default: true when the plan has tools')
    .optional(),
});

export const Toolset = z.enum(['math', 'files', 'github', 'http']);
export type Toolset = z.infer<typeof Toolset>;

/** The plan file, v1. Cross-field rules (ids, graph, tools, references) are checked in `validate-plan.ts`. */
export const Plan = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1).optional(),
  name: z.string().min(1).optional(),
  goal: z.string().min(1).optional(),
  inputs: z.record(z.string().regex(NAME_PATTERN, 'input names use letters, digits, _ and -'), PlanInput).optional(),
  model: ModelSettings.optional(),
  limits: Limits.optional(),
  pricing: z.record(z.string().min(1), ModelPricing).optional(),
  escalate: Escalate.optional(),
  toolsets: z.array(Toolset).optional(),
  tools: z.record(ToolName, CommandTool).optional(),
  http: HttpConfig.optional(),
  github: GithubConfig.optional(),
  mcp_servers: McpServers.optional(),
  planner: PlannerOptions.optional(),
  agents: z.record(z.string().regex(NAME_PATTERN, 'agent names use letters, digits, _ and -'), Agent).optional(),
  workflow_sequence: z.array(Step).min(1, 'workflow_sequence needs at least one step; leave it out to let a model plan').optional(),
  goals: z.array(Goal).optional(),
});
export type Plan = z.infer<typeof Plan>;
