import type { Goal } from '../plan/schema.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { GoalTarget } from './goal-target.ts';
import type { ValueText } from './value-text.ts';
import type { GoalWork } from './goal-work.ts';

/** The collaborators a goal check may need; tests pass stand-ins. */
export interface GoalDeps {
  /** Needed by `judge` goals only. */
  readonly model?: ModelClient;
  /** The model judges use; defaults to the client's default model. */
  readonly modelName?: string;
  /** Where `command` goals run (the repository root). */
  readonly cwd: string;
  /** The environment `command` goals get: already scrubbed by the caller. */
  readonly env: NodeJS.ProcessEnv;
  /**
   * Why `command` goals cannot be checked here, when they cannot: the checkout in `cwd` is not the code
   * the goals speak for (an approving job's default branch, for a pull request's commit). They are then
   * not evaluable, which counts as not met.
   */
  readonly commandsRefused?: string;
  readonly signal?: AbortSignal;
  /**
   * Shared by the judges of one evaluation: set when a judge's call found the endpoint not answering (no
   * connection, or no answer in time, after the client's retries), so the judges after it are not evaluable at
   * once instead of each waiting out the same retries (found by an adversarial pass: 8 minutes a judge).
   */
  readonly judgeOutage?: { why?: string };
  /** For a used plan's goals: the key of the step that used it, in the whole job; a judge's call purpose names it (`goal:a/<name>`). */
  readonly within?: string;
}

/** What one check decided. A check that cannot decide throws `GoalNotEvaluableError`. */
export interface GoalCheckOutcome {
  readonly met: boolean;
  readonly evidence: string;
}

/** Everything a check sees besides the goal itself. */
export interface GoalCheckInput {
  /** The resolved target as text (see `resultText`): structured data as indented JSON. */
  readonly text: string;
  /** The text of its values and its keys (see `valueText`): what `contains`, `matches` and the word and sentence checks read. */
  readonly valueText: ValueText;
  /** The resolved target as the step produced it (objects stay objects). */
  readonly value: unknown;
  readonly target: GoalTarget;
  readonly deps: GoalDeps;
  /** The work left to this evaluation's goals, which each pattern a check runs and each schema evaluation is charged to. */
  readonly work: GoalWork;
}

/** One kind of goal check. */
export interface GoalCheck {
  /** False for checks that look at the run rather than a result (`all_steps_completed`). */
  readonly needsTarget: boolean;
  check(goal: Goal, input: GoalCheckInput): GoalCheckOutcome | Promise<GoalCheckOutcome>;
}
