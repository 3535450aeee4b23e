import { ModelCallError } from '../llm/model-call-error.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { isNotSent, isTransient, StepError } from '../core/step-error.ts';
import { errorText } from '../core/error-text.ts';
import { addUsage, NO_USAGE } from '../core/usage.ts';
import { executeStep, type SharedContext, type StepHooks, type StepOutcome } from './execute-step.ts';
import { retryDelayMs, type ResolvedRetryPolicy } from './retry-policy.ts';
import type { RunDeps } from './run-deps.ts';

/** One step's attempts, ended: the last outcome, usage and time over all attempts, and how many there were. */
export type AttemptsOutcome = StepOutcome & { readonly attempts: number };

export interface RetryNotice {
  /** The retry's number: 1 for the first retry (after attempt 1 failed). */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly waitMs: number;
  readonly error: string;
}

/**
 * True when trying the step again may help and is safe: the error says it is transient, the
 * model client has not already retried it (it does, an answer cut off mid-body included; no second
 * layer, so a model call makes at most the client's `maxRetries + 1` requests), the step is not an
 * agent, and the tool has no side effects (a repeat could duplicate them; recovery decides instead) or the call
 * never reached what it acts on (`notSent`: a connection refused), so a repeat is its first, after any wait it was
 * asked for (`policy`).
 */
export function mayRetry(step: PlanStep, error: unknown, tools: RunDeps['tools'], policy: ResolvedRetryPolicy): boolean {
  // An agent's tool errors go back to its model; a repeat of the whole loop would redo its tool calls.
  if (step.type === 'agent' || !isTransient(error) || (error instanceof ModelCallError && error.retriedByClient)) return false;
  if (!(step.tool !== undefined && tools.get(step.tool)?.sideEffects)) return true;
  // A call with side effects refused unsent (GitHub's rate limit) is sent again only once the whole wait it was
  // asked for is over: sooner, a write is refused again and the limit prolonged (GitHub may block the token for it).
  // A wait past the step's `max_interval` leaves the refusal standing (found by a review: the write was resent after
  // `max_interval`, 30 s by default, while GitHub still asked to wait 60).
  const retryAfterMs = error instanceof StepError ? error.retryAfterMs : undefined;
  return isNotSent(error) && (retryAfterMs === undefined || retryAfterMs <= policy.maxMs);
}

/**
 * Runs a step, retrying transient failures with backoff on the run's clock. The step stays
 * `in_progress` throughout; `onRetry` is told before each wait. A stop during the wait ends it.
 */
export async function attemptStep(
  step: PlanStep,
  shared: () => SharedContext,
  deps: Pick<RunDeps, 'runStep' | 'clock' | 'tools' | 'random'>,
  runSignal: AbortSignal,
  policy: ResolvedRetryPolicy,
  hooks: StepHooks & {
    readonly onRetry: (notice: RetryNotice) => void;
    /** Aborted when no further attempt may start (a for_each step halted by another item's failure); the last failure stands. */
    readonly noMoreAttempts?: AbortSignal;
  },
): Promise<AttemptsOutcome> {
  const { clock } = deps;
  const startedAt = clock.now();
  let usage = NO_USAGE;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await executeStep(step, shared(), deps, runSignal, hooks);
    usage = addUsage(usage, outcome.usage);
    const ended = { usage, durationMs: clock.now() - startedAt, attempts: attempt };
    const halted = hooks.noMoreAttempts?.aborted === true;
    if (outcome.ok || attempt >= policy.maxAttempts || runSignal.aborted || halted || !mayRetry(step, outcome.error, deps.tools, policy)) {
      return { ...outcome, ...ended };
    }
    const retryAfterMs = (outcome.error as StepError).retryAfterMs;
    const waitMs = retryDelayMs(policy, attempt, deps.random ?? Math.random, retryAfterMs);
    hooks.onRetry({ attempt, maxAttempts: policy.maxAttempts, waitMs, error: errorText(outcome.error) });
    try {
      await clock.sleep(waitMs, hooks.noMoreAttempts ? AbortSignal.any([runSignal, hooks.noMoreAttempts]) : runSignal);
    } catch {
      const error = runSignal.aborted ? runSignal.reason : outcome.error;
      return { ok: false, error, usage, durationMs: clock.now() - startedAt, attempts: attempt };
    }
  }
}
