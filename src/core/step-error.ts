/**
 * The base of every error a step can fail with. Whether retrying can help is decided where the
 * error is made (`transient`), never by matching message text later.
 */
export class StepError extends Error {
  /** True when the same call may succeed if tried again (timeouts, 408/429/5xx, exit 75, network). */
  readonly transient: boolean;
  /** A server's `retry-after`, in milliseconds, when it gave one. */
  readonly retryAfterMs?: number;
  readonly toolName?: string;
  /**
   * True when a tool call ended without an answer that says whether it took effect: the tool was
   * stopped (its output over the cap) or killed by a signal (an out-of-memory kill), or its answer
   * could not be read. Not retrying helps nothing here: a call with side effects counts as one that
   * may have happened, as a timeout does.
   */
  readonly effectUnknown: boolean;
  /**
   * True when the call never reached what it acts on (a connection refused, a host name that did not resolve), or
   * was refused before it did anything (GitHub's rate limit): it took no effect, so a call with side effects is retried as any other, not counted as one that may have
   * happened (found by an adversarial pass: a POST to a server that was restarting escalated the run).
   */
  readonly notSent: boolean;
  /**
   * True when nothing may go on past the failure: the run stops, failed, for it, and no replan, agent turn or other item
   * works around it (the run's pull request moved on to another commit: nothing the run does can vouch for its own).
   */
  readonly stopsRun: boolean;

  constructor(
    message: string,
    options: { transient: boolean; toolName?: string; retryAfterMs?: number; effectUnknown?: boolean; notSent?: boolean; stopsRun?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.transient = options.transient;
    this.toolName = options.toolName;
    this.effectUnknown = options.effectUnknown === true;
    this.notSent = options.notSent === true && !this.effectUnknown;
    this.stopsRun = options.stopsRun === true;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/** True when `error` ended a tool call without saying whether it took effect (`StepError.effectUnknown`). */
export function isEffectUnknown(error: unknown): boolean {
  return error instanceof StepError && error.effectUnknown;
}

/**
 * True when a call of a tool with side effects (`sideEffects`) that ended in `error` may have taken effect: it got
 * no answer (a transient failure, the step stopped: `stopped`) or an answer that does not say (`effectUnknown`),
 * and was sent. A person checks before such a call is made again, in any words.
 */
export function leftEffectUnknown(sideEffects: boolean, error: unknown, stopped: boolean): boolean {
  return sideEffects && !isNotSent(error) && (isTransient(error) || stopped || isEffectUnknown(error));
}

/** True when `error` ended a tool call that never reached what it acts on (`StepError.notSent`). */
export function isNotSent(error: unknown): boolean {
  return error instanceof StepError && error.notSent;
}

/** True when `error` says retrying may help. Unknown errors are permanent. */
export function isTransient(error: unknown): boolean {
  return error instanceof StepError && error.transient;
}
