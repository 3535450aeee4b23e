import { z } from 'zod';
import { GithubConfig } from '../tools/github/github-config.ts';
import { HttpConfig } from '../tools/http/http-config.ts';
import { McpServers } from '../tools/mcp/mcp-config.ts';
import { Toolset } from '../tools/toolset-name.ts';
import { argvWord } from '../process/argv-word.ts';
import { envValue } from '../process/env-value.ts';
import type * as Core from '../core/plan-step.ts';
import { hasVisibleText, VISIBLE_CHARACTER_PATTERN } from '../core/invisible-characters.ts';
import { MAX_ITEMS_CEILING } from '../core/run-event.ts';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, MAX_MODEL_TIMEOUT_SECONDS, MODEL_CALL_RETRIES, MODEL_TIMEOUT_RANGE } from '../llm/model-timeout.ts';
import { listedOnce } from '../core/listed-once.ts';

/** Function-name rule of the Chat Completions API; tool names must follow it. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A step id: an integer (the blog's `id: 1`) or a short name. */
export const StepId = z
  .union([
    z.int().nonnegative(),
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'step ids use ASCII letters, digits, _ and - (at most 64)'),
  ])
  .meta({ description: 'A step id: a non-negative integer or a name of letters, digits, _ and - (at most 64).', examples: [1, 'fetch_sales'] });
export type StepId = z.infer<typeof StepId>;

export const ToolName = z
  .string()
  .regex(TOOL_NAME_PATTERN, 'tool names use ASCII letters, digits, _ and - (1 to 64), as Chat Completions requires')
  .meta({ description: 'A tool name: letters, digits, _ and - (1 to 64), as Chat Completions requires.', examples: ['fetch_sales_data', 'add'] });

/**
 * A duration: seconds as a number, or a string such as `500ms`, `2s`, `1m`; under three hours (9,999 s,
 * 99 m, 9,999,999 ms), said by the pattern itself so that plan.schema.json says it too. Unbounded,
 * `max_interval: 3000000` passed Node's timer limit (24.8 days): it warned, waited 1 ms and retried at once.
 */
export const Duration = z
  .union([
    z.number().nonnegative().max(9999, 'a duration in seconds must be at most 9999 (under three hours)'),
    z.string().regex(/^(?:\d{1,7}(?:\.\d+)?ms|\d{1,4}(?:\.\d+)?s|\d{1,2}(?:\.\d+)?m)$/, 'write a duration as 500ms, 2s or 1m, under three hours (at most 9999s or 99m)'),
  ])
  .meta({ description: 'A duration: seconds as a number (at most 9999), or a string such as 500ms, 2s or 1m (at most 9999s or 99m).', examples: ['2s', 0.5] });
export type Duration = z.infer<typeof Duration>;

/** Milliseconds of a duration written in the plan file. */
export function durationMs(value: Duration): number {
  if (typeof value === 'number') return value * 1000;
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value);
  if (!match) throw new Error(`not a duration: ${value}`);
  const amount = Number(match[1]);
  return match[2] === 'ms' ? amount : match[2] === 's' ? amount * 1000 : amount * 60_000;
}

export const RetryPolicy = z
  .strictObject({
    max_attempts: z.int().min(1).max(10).optional().meta({ description: 'Attempts in all, the first included; 1 means no retry.', default: 3 }),
    initial_interval: Duration.optional().meta({ description: 'The longest wait before the first retry (full jitter: a random wait up to this).', default: '1s' }),
    backoff: z.number().min(1).max(10).optional().meta({ description: 'Factor by which the longest wait grows with each retry.', default: 2 }),
    max_interval: Duration.optional().meta({ description: "The longest wait between attempts; a server's retry-after is honoured up to this. Left out: 30s, or initial_interval when that is longer.", default: '30s' }),
  })
  .meta({
    description: 'How transient failures (timeouts, HTTP 408/429/5xx, network errors, command exit 75) are retried. Tools with side_effects are never retried automatically.',
    examples: [{ max_attempts: 5, initial_interval: '2s' }],
  });
export type RetryPolicy = z.infer<typeof RetryPolicy>;

/** A JSON Schema written inline in the plan; checked as a schema in its own right during validation. */
export const JsonSchemaObject = z.record(z.string(), z.unknown()).meta({ description: 'A JSON Schema (an object), checked as a schema when the plan is validated.' });

export const EnvPassThrough = z
  .union([
    listedOnce(z.string().regex(ENV_NAME_PATTERN, 'environment variable names use ASCII letters, digits and _'), 'variable'),
    z.record(z.string().regex(ENV_NAME_PATTERN, 'environment variable names use ASCII letters, digits and _'), envValue()),
  ])
  .meta({
    description:
      'Variables the command sees besides PATH, HOME, locale, temp dirs, non-secret GITHUB_* details and, on Windows, the system variables programs need there: names to pass through from the runner, or a map of values (which may read runner variables with ${env.NAME}).',
    examples: [['SALES_API_TOKEN'], { REGION: 'eu' }],
  });

export const CommandTool = z
  .strictObject({
    description: z.string().min(1).meta({ description: 'What the tool does; the model reads it when choosing arguments.', examples: ['Fetch weekly sales per category'] }),
    command: z
      .array(argvWord())
      .min(1, 'command needs at least the program to run')
      .meta({
        description: 'The program and its arguments (argv), run from the repository root without a shell. The tool arguments arrive as JSON on stdin; stdout is the result.',
        examples: [['node', 'scripts/sales.mjs']],
      }),
    input: JsonSchemaObject.optional().meta({
      description: "JSON Schema of the tool's arguments (an object); the model's arguments and literal args are checked against it. Left out: any object of arguments is accepted, unchecked (the command reads them as JSON on stdin).",
      examples: [{ type: 'object', properties: { week: { type: 'string' } }, required: ['week'] }],
    }),
    side_effects: z.boolean().optional().meta({ description: 'true when the tool changes something: it is never retried automatically and is withheld on pull requests from forks.', default: false }),
    /** May run on a pull request from a fork (read-only mode); only for tools that change nothing and run no code from the pull request. */
    fork_safe: z
      .boolean()
      .optional()
      .meta({ description: 'May run on a pull request from a fork (read-only mode). Only for tools that change nothing and run no code from the pull request.', default: false }),
    timeout_seconds: z.number().positive().max(86_400).optional().meta({ description: "The tool is stopped after this many seconds; a tool_call step's own timeout_seconds replaces it.", default: 300 }),
    env: EnvPassThrough.optional(),
    retry: RetryPolicy.optional(),
  })
  .meta({ description: 'A command tool: a program the plan may call, with a JSON Schema for its arguments.' });
export type CommandTool = z.infer<typeof CommandTool>;

export const StepType = z.enum(['tool_call', 'reasoning', 'aggregate', 'agent', 'plan']).meta({
  description:
    'tool_call calls `tool` (with `args`, no model needed); reasoning answers its description with the model; aggregate combines the results of its `inputs`; agent works on its `task` in a loop of model calls and tool calls; plan runs the plan file in `uses` as a nested run.',
});
export type StepType = z.infer<typeof StepType>;

export const OnFailure = z.enum(['replan', 'fail', 'continue']).meta({
  description:
    "What a step that fails for good does: replan asks the model for replacement steps (without a model it acts as fail), fail fails the run, continue skips its dependents and goes on. Left out: continue when every step depending on it takes it as optional (`depends_on: [{step, optional: true}]`; not a plan step whose used plan's goals gate the run), else replan when a model is configured, else fail.",
});

/** When a run pauses for a person's approval before it acts. */
export const ApprovalPolicy = z.enum(['never', 'side-effects', 'plan'], { error: (issue) => `expected never, side-effects or plan, got ${JSON.stringify(issue.input)}` }).meta({
  description:
    'When the run pauses for approval (status awaiting-approval): never (default); side-effects, before each step that uses a tool with side effects (a write); plan, before any step runs. A step may also ask for itself with `approval: true`. In the action, a plan that may pause is refused before anything runs where plan-runner writes no PR comment (a push, a schedule, comment: never, a fork\'s pull request): no /approve could reach it.',
});
export type ApprovalPolicy = z.infer<typeof ApprovalPolicy>;

/** A dependency: a step id, or `{step, optional: true}` for an input the step can do without. */
export const Dependency = z
  .union([
    StepId,
    z.strictObject({
      step: StepId.meta({ description: 'The step depended on.' }),
      optional: z.boolean().optional().meta({ description: 'true: run even when that step failed or was skipped, told that its result is missing.', default: false }),
    }),
  ])
  .meta({ description: 'A step id, or {step, optional: true} for an input the step can do without.', examples: [1, { step: 2, optional: true }] });
export type Dependency = z.infer<typeof Dependency>;

/** The step id a dependency names. */
export function dependencyId(dependency: Dependency): StepId {
  return typeof dependency === 'object' ? dependency.step : dependency;
}

const ITEM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A `goal:` or `name:` of spaces alone was valid, and a model was asked to plan a blank goal (adversarial pass). */
const BLANK_TEXT = 'the text is blank (only spaces or invisible characters): write it, or leave the key out';

/** A URL's start, `scheme://` (a JSON Schema pattern, which takes no flags). */
const URL_START = '^[A-Za-z][A-Za-z0-9+.-]*://';
const USES_URL = 'uses names a plan file in this repository by its path, not a URL: copy the plan into the repository and give its path from the root';

/** Text a reader sees; plan.schema.json says it with a pattern, as an editor cannot run the refinement. */
const VisibleText = z.string().min(1).refine(hasVisibleText, BLANK_TEXT).meta({ pattern: VISIBLE_CHARACTER_PATTERN });

/** Longest `name:` of a plan. */
export const MAX_PLAN_NAME_CHARS = 200;

/** Longest `title:`; the description stays the instruction, the title is what views show. */
export const MAX_TITLE_CHARS = 120;

/** Longest child key label (`review[<label>]`); longer keys are refused so views stay readable. */
export const MAX_KEY_CHARS = 64;

/** Longest `key:` template of a for_each step: what it makes is filled in only as far as `MAX_KEY_CHARS`, but the template itself is read whole. */
export const MAX_KEY_TEMPLATE_CHARS = 200;

/** Model turns an agent step may take when it sets no `max_turns`. */
export const DEFAULT_MAX_TURNS = 20;

export const Step = z
  .strictObject({
    id: StepId.meta({ description: 'The step id, unique in the plan; other steps and references use it.', examples: [1, 'fetch'] }),
    type: StepType,
    title: z
      .string()
      .min(1)
      .max(MAX_TITLE_CHARS, `a title is a short label (at most ${MAX_TITLE_CHARS} characters); put the instruction in description`)
      .optional()
      .meta({ description: `A short label the checklist and the summary show (at most ${MAX_TITLE_CHARS} characters); the description stays the instruction.`, examples: ['Fetch sales'] }),
    description: z.string().optional().meta({ description: "What the step does, in words: the model's task for reasoning and aggregate steps; shown in the checklist.", examples: ["Fetch this week's sales figures"] }),
    tool: ToolName.optional().meta({ description: 'The tool a tool_call step calls (tool_call only): a command tool, a toolset tool or an MCP tool (<server>__<tool>).', examples: ['fetch_sales_data'] }),
    args: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description:
          'The tool arguments (tool_call only). Values may be literals, {step_result: <id>, path?: "a.b[0]"}, or strings with ${steps.<id>.result} and ${inputs.<name>}. Left out: one model call chooses them.',
        examples: [{ week: '${inputs.week}' }, { a: { step_result: 1 }, b: 2 }],
      }),
    task: z.string().min(1).describe('agent steps: the instruction the agent works on; references such as ${steps.1.result} are allowed').optional(),
    tools: listedOnce(ToolName, 'tool').describe("agent steps: the plan's tools it may call, besides write_todos (default: none)").optional(),
    max_turns: z.int().min(1).max(200).describe(`agent steps: model calls it may make before it is stopped (default ${DEFAULT_MAX_TURNS})`).optional().meta({ default: DEFAULT_MAX_TURNS }),
    inputs: listedOnce(StepId, 'step', String).optional().meta({ description: 'The steps whose results an aggregate step combines (aggregate only); they are also its dependencies.', examples: [[1, 2]] }),
    depends_on: z
      .array(Dependency)
      .optional()
      .meta({ description: 'Steps that must complete before this one starts. Left out: the step before it; [] starts at once.', examples: [[1], [], [1, { step: 2, optional: true }]] }),
    agent: z.string().optional().meta({ description: 'An agent profile from `agents:` (model, system prompt, temperature, tools) for this step.', examples: ['researcher'] }),
    timeout_seconds: z.number().positive().max(86_400).optional().meta({ description: "The step (each item, on a for_each step) is stopped after this many seconds (else its tool's timeout; the run's timeout always applies). A tool_call step's call gets it in place of its tool's timeout, longer or shorter; an agent's calls keep their tools' own." }),
    retry: RetryPolicy.optional(),
    on_failure: OnFailure.optional(),
    approval: z
      .literal(true)
      .optional()
      .meta({ description: "The run pauses before this step until a person approves it (besides the plan's `approval:` policy)." }),
    review: z.boolean().optional().meta({ description: 'After this step completes, ask the model whether the rest of the plan still fits (a replan if not).', default: false }),
    handles_gaps: z
      .literal(true)
      .optional()
      .meta({
        description:
          "tool_call only, and for people to set (a model's steps cannot): the step's tool reads the gaps in what it is given (a null for each failed item of a for_each list, a [cut: …] note) and says them in its answer, which then counts as whole, so goals may pass on it. Only gaps it is given count: a result whose value does not show its gap (a count made from a list with a null, a used plan's result, a list drawn from a cut result), or a part of a result that leaves its cut note behind, keeps the step partial. Without it, a tool step given a result that lacks work has a partial result, which no goal passes on.",
      }),
    why: z.string().optional().meta({ description: 'Why the step is there; planners write it, the plan preview shows it.' }),
    for_each: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'A reference to a list (or a map) an upstream step returns: the step runs once per item, as ${item} (or the name in `as`). Inputs are never lists: make the list with a step.', examples: ['${steps.list.result}', '${steps.list.result.items}'] }),
    as: z
      .string()
      .regex(ITEM_NAME_PATTERN, 'an item name uses ASCII letters, digits and _ (not starting with a digit)')
      .optional()
      .meta({ description: "The item's name in ${…} references (for_each only).", default: 'item', examples: ['package'] }),
    key: z
      .string()
      .min(1)
      .max(MAX_KEY_TEMPLATE_CHARS, `a key template is at most ${MAX_KEY_TEMPLATE_CHARS} characters; the key it makes, at most ${MAX_KEY_CHARS}`)
      .optional()
      .meta({ description: `A child step's key from its item (for_each only; at most ${MAX_KEY_TEMPLATE_CHARS} characters, the key it makes at most ${MAX_KEY_CHARS}); left out: the item's index.`, examples: ['${item.name}'] }),
    max_items: z
      .int()
      .min(0)
      .max(MAX_ITEMS_CEILING)
      .optional()
      .meta({ description: 'The most items this step expands into (for_each only); more is an error. Left out: limits.max_items.' }),
    on_item_failure: z
      .enum(['fail', 'continue'])
      .optional()
      .meta({ description: "What a failed item does (for_each only): fail fails the step, continue keeps the other items' results.", examples: ['continue'] }),
    fan_out: z
      .boolean()
      .optional()
      .meta({
        description:
          "Spread this step's items over a job matrix (for_each only): with the action's mode: prepare / shard / merge, each shard job runs its share of the items; without a mode the plan runs on one runner as usual.",
        default: false,
      }),
    uses: z
      .string()
      .min(1)
      .regex(/\.ya?ml$/, 'uses names a plan file (.yml or .yaml), relative to the repository root')
      // Read as a path, `https://…/p.yml` was "https:/…/p.yml: no such file".
      .refine((path) => !new RegExp(URL_START).test(path), USES_URL)
      .meta({ allOf: [{ not: { pattern: URL_START }, errorMessage: USES_URL }] })
      .optional()
      .meta({ description: 'The plan file a plan step runs as a nested run, relative to the repository root (plan only).', examples: ['plans/summarise-repo.yml'] }),
    with: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "The used plan's inputs (plan only); references such as ${steps.1.result} are allowed.", examples: [{ repository: 'octo/web' }] }),
  })
  .meta({ description: 'One step of the plan.' });
export type Step = z.infer<typeof Step>;

// The executor's step types in core/ are spelled out without zod; these keep the two in step.
StepId satisfies z.ZodType<Core.StepId>;
StepType satisfies z.ZodType<Core.StepType>;
OnFailure satisfies z.ZodType<Core.OnFailure>;
RetryPolicy satisfies z.ZodType<Core.RetryPolicy>;

export const PlanInput = z
  .strictObject({
    description: z.string().optional().meta({ description: 'What the input is.', examples: ['ISO week of the report'] }),
    default: z.union([z.string(), z.number(), z.boolean()]).optional().meta({ description: 'The value when a run gives none.', examples: ['2026-W48'] }),
    required: z.boolean().optional().meta({ description: 'false lets a run go without a value or default; otherwise a missing value is an error.', default: true }),
  })
  .meta({ description: 'A value a run is given: the action\'s `inputs`, or the CLI\'s --input NAME=VALUE; read as ${inputs.<name>}.', examples: [{ description: 'ISO week', default: '2026-W48' }] });

export const ModelSettings = z
  .strictObject({
    // A blank one was valid here and refused by the run, with no line (found by an adversarial pass).
    name: VisibleText.optional().meta({ description: "The model; the action's `model` input (or the CLI's --model) replaces it. Left out in a used plan: the using plan's.", default: 'gpt-4.1-mini', examples: ['gpt-4.1-mini'] }),
    temperature: z.number().min(0).max(2).optional().meta({ description: 'Sampling temperature, 0 to 2; left out: the endpoint\'s default (in a used plan: the using plan\'s).', examples: [0] }),
    timeout_seconds: z
      .int({ error: `expected ${MODEL_TIMEOUT_RANGE}` })
      .min(1, `expected ${MODEL_TIMEOUT_RANGE}`)
      .max(MAX_MODEL_TIMEOUT_SECONDS, `expected ${MODEL_TIMEOUT_RANGE}, the longest one model request may wait`)
      .optional()
      .meta({
        description: `How long one model request (planning, steps, agents, reviews, judge goals) waits for its answer, 1 to ${MAX_MODEL_TIMEOUT_SECONDS} seconds; a call that gets none asks again up to ${MODEL_CALL_RETRIES} times. Raise it for a self-hosted endpoint that needs minutes for a long answer. The action's \`model-timeout-seconds\` input (or the CLI's --model-timeout-seconds) replaces it. A used plan's calls wait as the using plan's: one it sets must be the same, unless that input or option replaces both.`,
        default: DEFAULT_MODEL_TIMEOUT_SECONDS,
        examples: [600],
      }),
  })
  .meta({ description: 'The model steps use unless their agent says otherwise.' });

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
} as const;

export const Limits = z
  .strictObject({
    concurrency: z.int().min(1).max(64).optional().meta({ description: 'Steps running at once. Left out in a used plan: the using plan\'s (a used plan\'s own caps its steps within it).', default: DEFAULT_LIMITS.concurrency }),
    max_steps: z.int().min(1).max(100_000).optional().meta({ description: 'Steps in all: those added by replanning and those of the plans type: plan steps use, at any depth, included; a plan with more than this is a plan error.', default: DEFAULT_LIMITS.max_steps }),
    max_items: z
      .int()
      .min(0)
      .max(MAX_ITEMS_CEILING)
      .optional()
      .meta({ description: 'The most items one for_each step expands into. Left out in a used plan: the using plan\'s.', default: DEFAULT_LIMITS.max_items }),
    max_replans: z.int().min(0).max(20).optional().meta({ description: 'Replans before the run is escalated to a person.', default: DEFAULT_LIMITS.max_replans }),
    max_model_calls: z.int().min(0).optional().meta({ description: 'Model calls in all (planning, steps, reviews, judge goals).', default: DEFAULT_LIMITS.max_model_calls }),
    max_tokens: z.int().min(0).optional().meta({ description: 'Prompt plus completion tokens in all: as the endpoint counts them, estimated from the text (about 4 characters a token) for a call whose endpoint sent none (or far too few).', default: DEFAULT_LIMITS.max_tokens }),
    max_cost_usd: z
      .number()
      .min(0)
      .optional()
      .meta({ description: 'Estimated cost in USD, from the built-in price table or `pricing:`. Left out: no cost cap.', examples: [0.5] }),
    timeout_minutes: z.number().positive().max(360).optional().meta({ description: 'The run of the steps; the model writing the plan before it and the goal checks after it are bounded by their own timeouts (model.timeout_seconds for each model request, a command goal\'s timeout_seconds). Left out in a used plan: what remains of the using run\'s deadline (set: the sooner of the two).', default: DEFAULT_LIMITS.timeout_minutes }),
  })
  .meta({ description: 'Budgets: when one is reached no new step starts, running steps are cancelled and the run fails, keeping everything completed so far.' });
export type Limits = z.infer<typeof Limits>;
DEFAULT_LIMITS satisfies Required<Limits>;

export const Agent = z
  .strictObject({
    description: z.string().min(1).describe('what the profile is for; the planner reads it when it assigns agents to steps').optional(),
    model: VisibleText.optional().meta({ description: "The agent's model; left out: the plan's.", examples: ['gpt-4.1'] }),
    system: z.string().optional().meta({ description: "Added to the system prompt of the agent's steps.", examples: ['You are a careful financial analyst.'] }),
    temperature: z.number().min(0).max(2).optional().meta({ description: "Sampling temperature, 0 to 2; left out: the plan's." }),
    tools: listedOnce(ToolName, 'tool').optional().meta({ description: "The only tools the agent's steps may call; left out: any.", examples: [['read_file', 'search_files']] }),
  })
  .meta({ description: 'An agent profile a step picks with `agent:`.' });
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

export const Goal = z
  .strictObject({
    name: z.string().min(1).meta({ description: 'What the goal checks, in words; the goals table shows it.', examples: ['mentions return rates'] }),
    severity: z
      .enum(['required', 'warning'])
      .optional()
      .meta({ description: 'required goals decide the job (fail-on-unmet-goals); warning goals are reported only.', default: 'required' }),
    of: StepId.optional().meta({ description: "Check this step's result instead of the final result.", examples: [2] }),
    flags: z
      .string()
      .regex(/^[imsu]*$/, 'regex flags may be i, m, s and u')
      .optional()
      .meta({ description: 'Flags for matches and every_sentence_matches: i, m, s, u.', examples: ['i'] }),
    timeout_seconds: z.number().positive().max(3600).optional().meta({ description: 'How long a command goal may run.', default: 120 }),
    contains: z.string().min(1).optional().meta({ description: 'Met when the result contains this text.', examples: ['%'] }),
    not_contains: z.string().min(1).optional().meta({ description: 'Met when the result does not contain this text.', examples: ['TODO'] }),
    matches: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Met when the result matches this regular expression (JavaScript syntax; a (?i) prefix or `flags` for options).', examples: ['^Label: (needs-tests|looks-good)$'] }),
    equals: z.string().optional().meta({ description: 'Met when the result, trimmed, equals this text.', examples: ['11'] }),
    min_words: z.int().min(1).optional().meta({ description: "Met when the result has at least this many words. A word is a run of text between blanks with a letter or a digit in it; in Chinese, Japanese, Thai, Lao, Khmer and Myanmar text, written without spaces, the words Unicode's word boundaries find (`我们今天去公园` is 4).", examples: [50] }),
    max_words: z.int().min(0).optional().meta({ description: 'Met when the result has at most this many words, counted as `min_words` counts them.', examples: [300] }),
    max_chars: z.int().min(0).optional().meta({ description: 'Met when the result has at most this many characters.', examples: [2000] }),
    every_sentence_matches: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Met when every sentence of the result matches this regular expression.', examples: ['\\d'] }),
    json_schema: JsonSchemaObject.optional().meta({
      description: 'Met when the result is JSON valid against this JSON Schema.',
      examples: [{ type: 'object', required: ['verdict'] }],
    }),
    command: z
      .array(argvWord())
      .min(1)
      .optional()
      .meta({ description: 'Met when this command (argv, no shell, the result on stdin) exits 0.', examples: [['npm', 'test']] }),
    all_steps_completed: z.literal(true).optional().meta({ description: 'Met when every step completed: none failed or was skipped, no for_each step lost items (on_item_failure: continue), no failed step was replaced by a replan, no step was dropped by a revision before it ran, and no agent step left a TODO of its list not completed; all of this inside each plan step\'s plan too.' }),
    judge: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Met when a model, given this statement and the result, finds the statement true (a structured verdict).', examples: ['The review finds no blocking problem.'] }),
  })
  .meta({ description: 'A goal: a name and exactly one check. A goal that cannot be evaluated is not met.' });
export type Goal = z.infer<typeof Goal>;

/** A model's price in USD per million tokens, overriding the built-in table for budgets and the cost table. */
export const ModelPricing = z
  .strictObject({
    input_per_mtok: z.number().nonnegative().meta({ description: 'USD per million prompt tokens.', examples: [0.4] }),
    output_per_mtok: z.number().nonnegative().meta({ description: 'USD per million completion tokens.', examples: [1.6] }),
    cached_input_per_mtok: z
      .number()
      .nonnegative()
      .optional()
      .meta({ description: 'USD per million prompt tokens the endpoint read from its cache (`usage.prompt_tokens_details.cached_tokens`). Left out: input_per_mtok.', examples: [0.1] }),
  })
  .meta({ description: "A model's price, overriding the built-in table for max_cost_usd and the cost table." });

/** Who to tell when a run is escalated to a person: a mention in the comment and/or a label on the PR or issue. */
export const Escalate = z
  .strictObject({
    mention: z
      .string()
      .regex(/^@[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\/[A-Za-z0-9._-]{1,100})?$/, 'write a mention as @user or @org/team')
      .optional()
      .meta({
        description:
          'Told when the run is escalated: in a comment of its own on the pull request or issue, or in the escalation issue a run with neither opens. Told too, in a comment of its own, when the run pauses for approval on a pull request or issue: once per pause, with how to approve.',
        examples: ['@org/team'],
      }),
    // GitHub refuses such a name when it creates the label (422), which cost an escalation its whole issue (found by a hunt).
    label: z
      .string()
      .min(1)
      .max(50)
      .refine((label) => label.trim() === label, 'write the label without spaces at its start or end: GitHub refuses such a name')
      .refine((label) => !label.includes(','), 'write one label, without a comma: GitHub refuses a label name with one')
      .optional()
      .meta({ description: 'Added to the pull request or issue when the run is escalated, and to the escalation issue; taken off the pull request by a later run that succeeds. One name, no comma, no spaces at its start or end.', examples: ['needs-human'] }),
  })
  // An empty block told no one, and opened no issue on a schedule, where the README promised one (found by a
  // new-user walkthrough).
  .refine((escalate) => escalate.mention !== undefined || escalate.label !== undefined, 'escalate names no one to tell: give it a mention (@user or @org/team), a label, or both, or leave it out')
  .meta({ description: 'Who to tell when a run is escalated to a person (replans used up, or an invalid replan); its mention is told too when a run pauses for approval on a pull request or issue.' });
export type Escalate = z.infer<typeof Escalate>;

/** Rules for plans a model writes (a file with a goal and no workflow_sequence). */
export const PlannerOptions = z
  .strictObject({
  require_tools: z
    .boolean()
    .describe('reject a written plan that calls no tool (no tool_call step, no agent step with tools); default: true when the plan has tools')
    .optional(),
  })
  .meta({ description: 'Rules for the plan a model writes from `goal` (when the file has no workflow_sequence).' });

/** A hash `mode: plan` recorded (`stableHash`: 32 hex digits). */
const PinnedHash = z.string().regex(/^[0-9a-f]{32}$/, 'a hash mode: plan wrote: 32 hex digits (0-9, a-f)');

/**
 * What `mode: plan` froze a plan with (`frozen-pins.ts`): a job running the frozen file refuses to start with
 * anything else, since its reviewers approved the steps as job 1 read them.
 */
export const FrozenPins = z
  .strictObject({
    inputs: PinnedHash.meta({ description: "The hash of the run's inputs mode: plan planned with (defaults applied, redacted), as an approval hashes them: a run of the file given others is refused." }),
    uses: z
      .record(z.string().min(1), PinnedHash)
      .optional()
      .meta({ description: "The hash of each plan file the steps' `uses:` name (with the plans it uses), as mode: plan read it: a run of the file refuses a used plan that differs." }),
  })
  .meta({ description: 'Written by `mode: plan` into the frozen plan file (output `plan-file`), not by hand: what it froze the plan with, which the job running the file checks before anything runs.' });
export type FrozenPins = z.infer<typeof FrozenPins>;

/** The plan file, v1. Cross-field rules (ids, graph, tools, references) are checked in `validate-plan.ts`. */
export const Plan = z.strictObject({
  $schema: z.string().optional().meta({ description: "The JSON Schema of this file, for editors that read it from the file's `$schema` key." }),
  version: z.literal(1).optional().meta({ description: 'The plan file format version.', default: 1 }),
  // Every header shows it whole (comment, summary, log, check run): a longer one would push the checklist out of the comment.
  name: VisibleText.max(MAX_PLAN_NAME_CHARS)
    .optional()
    .meta({ description: "The plan's name (at most 200 characters): the checklist's title and the check run's name. Left out: the file name is the title, and the plan's path (as the action's plan input gives it) the check run's name.", examples: ['Weekly product health report'] }),
  goal: VisibleText.optional()
    .meta({ description: 'The task in words. Steps see it; without workflow_sequence a model writes the steps from it.', examples: ["Summarize this week's product health for the exec team"] }),
  inputs: z
    .record(z.string().regex(NAME_PATTERN, 'input names use ASCII letters, digits, _ and -'), PlanInput)
    .optional()
    .meta({ description: 'Values a run is given, by name.', examples: [{ week: { description: 'ISO week', default: '2026-W48' } }] }),
  model: ModelSettings.optional(),
  limits: Limits.optional(),
  pricing: z
    .record(z.string().min(1), ModelPricing)
    .optional()
    .meta({ description: 'Prices by model name, for models missing from the built-in table or priced differently.', examples: [{ 'my-model': { input_per_mtok: 0.4, output_per_mtok: 1.6 } }] }),
  escalate: Escalate.optional(),
  approval: ApprovalPolicy.optional().meta({ default: 'never' }),
  toolsets: listedOnce(Toolset, 'toolset').optional().meta({ description: 'Built-in tool sets to enable, each once.', examples: [['math'], ['files', 'github']] }),
  tools: z.record(ToolName, CommandTool).optional().meta({ description: 'Command tools by name.' }),
  http: HttpConfig.optional(),
  github: GithubConfig.optional(),
  mcp_servers: McpServers.optional(),
  planner: PlannerOptions.optional(),
  agents: z
    .record(z.string().regex(NAME_PATTERN, 'agent names use ASCII letters, digits, _ and -'), Agent)
    .optional()
    .meta({ description: 'Agent profiles by name; a step picks one with `agent:`.', examples: [{ researcher: { model: 'gpt-4.1-mini', tools: ['read_file'] } }] }),
  workflow_sequence: z
    .array(Step)
    .min(1, 'workflow_sequence needs at least one step; leave it out to let a model plan')
    .optional()
    .meta({ description: 'The steps, run as a dependency graph. Left out: a model writes them from `goal`.' }),
  goals: z.array(Goal).optional().meta({ description: 'Checks on the final result (or a step\'s, with `of`) that decide the job.' }),
  frozen: FrozenPins.optional(),
}).meta({ description: 'A plan-runner plan file.' });
export type Plan = z.infer<typeof Plan>;
