import type { Agent, Plan } from '../plan/schema.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { Usage } from '../core/usage.ts';
import type { StepActivity } from '../core/run-event.ts';
import type { Tool, ToolRegistry } from '../tools/tool.ts';
import type { ReferenceSources } from '../plan/resolve-references.ts';

/** Everything one step needs to run; the executor builds it, the step kinds read it. */
export interface StepContext {
  readonly step: PlanStep;
  /** The task in words (the plan's `goal`), if any. */
  readonly goal?: string;
  /** Names of the plan's goal checks: the criteria prompts aim at. */
  readonly goalNames: readonly string[];
  /** Every step of the current plan revision, by key (to walk ancestors). */
  readonly steps: ReadonlyMap<string, PlanStep>;
  /** Results of the steps completed so far, by key. */
  readonly results: ReadonlyMap<string, unknown>;
  /** Why a step has no result, by key, for steps that failed or were skipped (an optional input says what is missing). */
  readonly missing?: ReadonlyMap<string, string>;
  /** Why a completed step's result is incomplete (for_each items that failed and are null), by key. */
  readonly incomplete?: ReadonlyMap<string, string>;
  /** The run's input values (`${inputs.name}`). */
  readonly inputs: Readonly<Record<string, unknown>>;
  /** In the run of a used plan: its inputs given (through `with:`) a result that lacks work, and why (`RunDeps.partialInputs`). */
  readonly incompleteInputs?: ReadonlyMap<string, string>;
  readonly tools: ToolRegistry;
  /** Absent when no model is configured; steps that need one fail with a clear error. */
  readonly model?: ModelClient;
  /** The plan's `model:` block and `agents:` map, for model name and temperature. */
  readonly modelSettings?: Plan['model'];
  readonly agents: Readonly<Record<string, Agent>>;
  /** Aborted on step timeout, run timeout, budget stop or cancel. */
  readonly signal: AbortSignal;
  /** Repository root: command tools run here. */
  readonly cwd: string;
  /** Called after every model call, so budgets see spending as it happens. */
  onUsage(usage: Usage): void;
  /** What the step reports about its progress (an agent's todos, turns, tool calls); dropped once the step was abandoned. */
  report(activity: StepActivity): void;
  /** In the run of a used plan: the key of the step that used it, in the whole job (`stepKeyWithin`). */
  readonly within?: string;
  /** Tools this run keeps out (read-only mode on a fork), with the reason; an agent is never offered them. */
  readonly withheldTools?: ReadonlyMap<string, string>;
  /**
   * The calls with side effects this step made in the run a resume continues, which took effect or
   * may have (it did not finish there). An agent is told of them, so that it does not make them again
   * in other words (the same tool and arguments are never run again: `callTool`).
   */
  readonly earlierCalls?: readonly EarlierCall[];
  /**
   * Calls a tool for this step. The run records the call (arguments, outcome) in the trace, gives
   * it its idempotency key, and refuses to repeat a side effect that already ran or may have.
   */
  callTool(tool: Tool, args: Record<string, unknown>): Promise<unknown>;
}

/** A call with side effects an earlier run of the step made, its arguments as the trace keeps them (redacted). */
export interface EarlierCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly outcome: 'succeeded' | 'unknown';
}

/** Runs one step to its result, or throws (a `StepError` says whether retrying may help). */
export type StepRunner = (ctx: StepContext) => Promise<unknown>;

/**
 * What the step's references resolve against: the results, the inputs, why a step has none, and its item. Built
 * here for every kind of step: an agent's task was resolved without `missing`, so a failed optional input read
 * "it has not completed" (found by an adversarial pass).
 */
export function stepReferenceSources(ctx: StepContext): ReferenceSources {
  return { results: ctx.results, inputs: ctx.inputs, ...(ctx.missing && { missing: ctx.missing }), ...(ctx.step.item && { item: ctx.step.item }) };
}
