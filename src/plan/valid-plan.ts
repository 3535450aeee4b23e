import type { JsonSchema } from '../core/json-schema.ts';
import type { PlanError } from './plan-error.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { Limits, Plan } from './schema.ts';
import type { Toolset } from '../tools/toolset-name.ts';
import type { WriteCounts } from '../tools/github/write-caps.ts';

/** A tool as validation and planning see it: what it is called with, not how it runs. */
export interface CatalogueTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly sideEffects: boolean;
  /** Where it comes from: declared in `tools:`, a built-in toolset, or an adapter (MCP…). */
  readonly origin: 'plan' | 'toolset' | 'extra';
  readonly toolset?: Toolset;
}

/** A tool an adapter contributes to validation; a `Tool` fits. */
export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly sideEffects: boolean;
}

/**
 * Why a tool is kept out of this run (read-only mode on a fork's pull request), or undefined when
 * it may be used. Validation leaves withheld tools out of the catalogue and names them in errors.
 */
export type ToolWithholding = (tool: Pick<CatalogueTool, 'name' | 'sideEffects'>, plan: Plan) => string | undefined;

/** A plan that passed every check, with defaults applied. */
export interface ValidPlan {
  readonly file?: string;
  /** The plan as parsed by the schema. */
  readonly source: Plan;
  /**
   * The file's own source, when a model wrote steps into `source` (its `workflow_sequence`): what the
   * plan file was, which `planFileHash` covers, so an approving run, which loads the file, finds the
   * same hash.
   */
  readonly fileSource?: Plan;
  /** The SHA-256 of the plan file's text as it loaded: annotations read the file's lines again only when it is the same. */
  readonly fileTextHash?: string;
  /** The plan's `name`, or the file's name without extension, or `plan`. */
  readonly name: string;
  readonly goal?: string;
  /** Steps with `depends_on` defaults applied; empty when a model is to write the plan. */
  readonly steps: readonly PlanStep[];
  readonly limits: Required<Limits>;
  /** Every tool the plan may call, by name: declared, from enabled toolsets, and extra. */
  readonly tools: ReadonlyMap<string, CatalogueTool>;
  /** Tools kept out of this run, with the reason (see `ToolWithholding`); absent when none are. */
  readonly withheld?: ReadonlyMap<string, string>;
  /** The plans its `type: plan` steps use, loaded and checked, by `uses:` as written. */
  readonly subplans?: ReadonlyMap<string, ValidPlan>;
  /** The rule that withheld them, for validating steps a model writes later. */
  readonly withhold?: ToolWithholding;
}

export type LoadResult = { readonly ok: true; readonly plan: ValidPlan } | { readonly ok: false; readonly errors: PlanError[] };

/** Options shared by every way of loading a plan. */
export interface LoadPlanOptions {
  /** Tools from adapters (MCP servers…) that steps may name besides declared and toolset tools. */
  readonly extraTools?: readonly ToolDescription[];
  /** How long checking one step's literal args against its tool's input schema may hold the loop (default `CHECK_TIME_LIMIT_MS`); tests pass less. */
  readonly argsCheckLimitMs?: number;
  /** Keeps tools out of the run (read-only mode); steps naming them fail validation with the reason. */
  readonly withhold?: ToolWithholding;
  /** The caller's model (action input, `--model`), which replaces `model.name`: budgets are checked against it. */
  readonly model?: string;
  /** The caller's model wait (action input `model-timeout-seconds`, `--model-timeout-seconds`), which replaces every plan's `model.timeout_seconds`. */
  readonly modelTimeoutSeconds?: number;
  /** Read the YAML with the `yaml` package from the start, never with the fast reader; tests compare the two. */
  readonly positionsFirst?: boolean;
  /** Where `uses:` paths start: the repository root (default: the current directory). */
  readonly root?: string;
  /** The plan files that led to this one (for cycles and depth); set by the loader. */
  readonly chain?: readonly string[];
  /**
   * The used plans one load has read, by depth and resolved path; set by the loader. A used plan loads the
   * same under any chain of that length (a cycle through it is one under every chain), so each loads once
   * per depth: 40 plans that each use the same 40, each of which uses 40 more, loaded 64,000 files (72 s).
   */
  readonly usedPlans?: Map<string, Promise<LoadResult>>;
  /**
   * False when the job does not run the plan's own steps (`mode: agent` replaces them with one): their
   * count is then not checked against `limits.max_steps`. Nor is a used plan's, which counts against the
   * plan using it and may not set the limit itself.
   */
  readonly stepsRun?: boolean;
}

export interface ValidatePlanOptions extends LoadPlanOptions {
  /** `model` adds the rule against hard-coded intermediate values (issue 6). */
  readonly origin: 'file' | 'model';
  readonly file?: string;
  /**
   * With `origin: 'model'`: the index of the first step the model wrote (a replacement follows the
   * completed steps it is checked against). The step before it did not come from the model, so
   * following it is not a dependency the model implied.
   */
  readonly modelStepsFrom?: number;
  /**
   * With `modelStepsFrom`: the capped github writes the run made before the replacement (its write tools' count),
   * checked against `github.writes` in place of the completed steps'.
   */
  readonly githubWritten?: WriteCounts;
  /** Keys of the agent steps whose task is taken as written (`PlanStep.taskAsWritten`). */
  readonly tasksAsWritten?: ReadonlySet<string>;
}
