import type { JsonSchema } from '../core/json-schema.ts';

/** What a tool gets besides its arguments. */
export interface ToolContext {
  /** Aborted when the step times out or the run is cancelled; tools must stop promptly. */
  readonly signal: AbortSignal;
  /** The repository root; command tools run here and file tools may not leave it. */
  readonly cwd: string;
  /** The step that called the tool, by its key in the whole job (`a/s`: step s of the plan step a used; `stepKeyWithin`). */
  readonly stepKey: string;
  /**
   * The step's own timeout, when it has one: it replaces the tool's `timeoutSeconds`. Command, http and MCP tools,
   * which enforce their limits themselves, read it here.
   */
  readonly timeoutMs?: number;
  /**
   * Stable for the same logical call (plan, tool, arguments) across retries, replans and resumes;
   * command tools see it as `PLAN_RUNNER_IDEMPOTENCY_KEY` so they can deduplicate side effects.
   */
  readonly idempotencyKey?: string;
}

/** A tool: a small value the executor calls through the registry. */
export interface Tool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema (an object schema) of the arguments. */
  readonly inputSchema: JsonSchema;
  /** True when calling it changes something outside the run; such tools are never retried automatically. */
  readonly sideEffects: boolean;
  /** Per-call timeout; the step's own timeout wins when it is set. */
  readonly timeoutSeconds?: number;
  /** Where the plan sets `timeoutSeconds` (`tools.deploy.timeout_seconds`, `http.timeout_seconds`): what a step's timeout tells the user to raise. */
  readonly timeoutSetting?: string;
  /**
   * What else decides its answers besides its name, description and schema: an MCP tool's server as the plan
   * configures it. A step's reuse key holds it, so a resume after it changed runs the step again.
   */
  readonly origin?: Readonly<Record<string, unknown>>;
  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<unknown>;
  /**
   * For a tool with side effects that can tell: looks for the effect of a call with these arguments
   * made at `since` or later (the issue it opened, the comment it wrote) and returns what the call
   * would have. A run that reaches a call that got no answer, or that an earlier run made, checks
   * this instead of making it again: found, its result stands; not found, the call is made.
   */
  findEffect?(args: Record<string, unknown>, ctx: ToolContext & { readonly since: Date }): Promise<EffectCheck>;
}

/** Whether an earlier call's effect is there. */
export type EffectCheck = { readonly found: true; readonly result: unknown } | { readonly found: false };

/** The tools a run may call, by name. */
export type ToolRegistry = ReadonlyMap<string, Tool>;
