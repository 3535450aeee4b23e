import type { GoalOutcome } from '../goals/goal-result.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { InjectedFault } from './fault-injector.ts';

/** How a variant runs the plan's goal: the plan as written, a ReAct loop, or the plan with full-history prompts. */
export type EvalVariant = 'plan' | 'react' | 'full-history';

/** One run of one variant, counted the same way for every variant. */
export interface EvalRunResult {
  /** The column it belongs to: the variant, with the plan's label when two plans are compared. */
  readonly column: string;
  readonly variant: EvalVariant;
  /** 1-based. */
  readonly run: number;
  /** `rejected`: the job stopped before any step (an invalid plan, or one the model could not write). */
  readonly status: RunStatus | 'rejected';
  readonly reason?: string;
  readonly goals: ReadonlyArray<{ readonly name: string; readonly outcome: GoalOutcome }>;
  /** The ReAct baseline's: goals on the plan's steps (`all_steps_completed`, `of:`), which it runs none of, not checked on it. */
  readonly goalsNotChecked?: readonly string[];
  readonly modelCalls: number;
  readonly promptTokens: number;
  /** Of `promptTokens`, those the endpoint read from its cache, which cost the cached input price. */
  readonly cachedPromptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  /** Model requests abandoned before their answer came in (a timeout, a cancel, a budget stop, an answer that broke off): in no figure above. */
  readonly abandonedRequests: number;
  /** Model calls of a model with no known price: `costUsd` has nothing for them. */
  readonly unpricedCalls: number;
  /** Model calls whose tokens (and so cost) are estimated from the text: the endpoint sent no `usage`, counts that say nothing, or counts far below the text. */
  readonly estimatedCalls?: number;
  readonly durationMs: number;
  readonly retries: number;
  readonly replans: number;
  /** Model calls made to write the plan (0 when the plan file has its steps). */
  readonly plannerCalls: number;
  /** Of those, the calls the model answered: an endpoint that refuses `response_format` is asked twice for one answer. */
  readonly plannerAnswers?: number;
  /** For a model-written plan: whether the model's plan passed validation (after its one repair, at most). */
  readonly planValid?: boolean;
  readonly faults: readonly InjectedFault[];
  /** The fault rules (indices in the fault file) that targeted a call of this run, whether or not they injected a fault. */
  readonly faultRulesTargeting: readonly number[];
  /** The purposes of the model calls the run made, for the advice on a rule that matched none. */
  readonly modelPurposes?: readonly string[];
  /** Model requests that got no answer (an endpoint that could not be reached, a refused key, a server error), cancels aside. */
  readonly unansweredModelRequests?: number;
  /**
   * Model requests (HTTP attempts) that went to the endpoint, an injected error's aside; absent where no HTTP endpoint
   * answers (no model, a replay file).
   */
  readonly modelRequestsSent?: number;
  /** Of `abandonedRequests`, those a `slow` fault of the eval's held until they were abandoned: none left. Absent as `modelRequestsSent` is. */
  readonly heldAbandonedRequests?: number;
  /** The run threw instead of ending (a trace it could not open, plan-runner's own error): it measured nothing of the plan. */
  readonly crashed?: true;
  /** Steps of the plan that started; absent for the ReAct baseline, which runs no plan. */
  readonly stepsStarted?: number;
}
