import type { PlanStep } from './plan-step.ts';
import type { Usage } from './usage.ts';
import type { TodoItem } from './todo-item.ts';

/** The one state a step is in. "failed" and "skipped because something upstream failed" differ. */
export type StepState = 'pending' | 'in_progress' | 'completed' | 'failed' | 'skipped';

/** How a run ended. `goals-unmet` is decided after the run, by the goal checks. */
export type RunStatus = 'succeeded' | 'failed' | 'goals-unmet' | 'escalated' | 'cancelled';

/** The plan as it stands at a revision: what a client draws once and then updates in place. */
export interface PlanSnapshot {
  readonly name: string;
  readonly goal?: string;
  readonly file?: string;
  readonly revision: number;
  readonly steps: readonly PlanStep[];
}

interface EventBase {
  /** Milliseconds since the run started (from the run's clock, so tests are deterministic). */
  readonly at: number;
}

/**
 * Every change in a run is one of these, on one stream. `plan_created` is the full snapshot
 * (the TODO design's `execution_plan_update`); the rest are status updates
 * (`execution_plan_status_update`) that a client applies in place.
 */
export type RunEvent =
  | (EventBase & { readonly type: 'plan_created'; readonly plan: PlanSnapshot })
  | (EventBase & { readonly type: 'step_started'; readonly stepKey: string })
  | (EventBase & {
      readonly type: 'step_retrying';
      readonly stepKey: string;
      readonly attempt: number;
      readonly maxAttempts: number;
      readonly waitMs: number;
      readonly error: string;
    })
  | (EventBase & {
      readonly type: 'step_completed';
      readonly stepKey: string;
      readonly result: unknown;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Attempts made, when the step was retried (absent for one attempt). */
      readonly attempts?: number;
    })
  | (EventBase & {
      readonly type: 'step_failed';
      readonly stepKey: string;
      readonly error: string;
      readonly transient: boolean;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Attempts made, when the step was retried (absent for one attempt). */
      readonly attempts?: number;
    })
  | (EventBase & { readonly type: 'step_skipped'; readonly stepKey: string; readonly reason: string })
  /** An agent step's first `write_todos`: the list drawn once under the step (the seed's `execution_plan_update`). */
  | (EventBase & { readonly type: 'todos_created'; readonly stepKey: string; readonly todos: readonly TodoItem[] })
  /** A later `write_todos`: the whole list again and the ids that changed, applied in place (`execution_plan_status_update`). */
  | (EventBase & { readonly type: 'todos_updated'; readonly stepKey: string; readonly todos: readonly TodoItem[]; readonly changed: readonly string[] })
  /** One answer of an agent step's model: its text (often empty) and the tools it called. */
  | (EventBase & {
      readonly type: 'agent_turn';
      readonly stepKey: string;
      readonly turn: number;
      readonly maxTurns: number;
      readonly message: string;
      readonly toolCalls: readonly string[];
    })
  /** One tool call an agent step made, with its arguments and what came back (the full result; prompts get a cut one). */
  | (EventBase & {
      readonly type: 'agent_tool_called';
      readonly stepKey: string;
      readonly turn: number;
      readonly tool: string;
      readonly args: unknown;
      readonly ok: boolean;
      readonly result?: unknown;
      readonly error?: string;
    })
  | (EventBase & {
      readonly type: 'plan_revised';
      readonly plan: PlanSnapshot;
      readonly replaced: readonly string[];
      readonly added: readonly string[];
      readonly reason: string;
    })
  | (EventBase & {
      readonly type: 'run_finished';
      readonly status: RunStatus;
      readonly durationMs: number;
      readonly usage: Usage;
      /** Why the run did not succeed (budget, cancel, failed step, escalation). */
      readonly reason?: string;
      /** Key of the step whose result is the run's result (the last step of the plan). */
      readonly resultStepKey?: string;
    });

export type RunEventType = RunEvent['type'];

/** What a running step reports about its own progress (an agent's todos, turns and tool calls); the run adds the step key. */
export type StepActivity = RunEvent extends infer E
  ? E extends { readonly type: 'todos_created' | 'todos_updated' | 'agent_turn' | 'agent_tool_called' }
    ? Omit<E, 'at' | 'stepKey'>
    : never
  : never;

/** Renderers (console, PR comment, summary, trace) are listeners; they never drive the run. */
export type RunListener = (event: RunEvent) => void;
