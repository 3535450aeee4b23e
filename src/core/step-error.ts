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

  constructor(
    message: string,
    options: { transient: boolean; toolName?: string; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.transient = options.transient;
    this.toolName = options.toolName;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/** True when `error` says retrying may help. Unknown errors are permanent. */
export function isTransient(error: unknown): boolean {
  return error instanceof StepError && error.transient;
}
