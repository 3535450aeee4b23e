/** What the updater was doing when GitHub said no. */
export type CommentOperation = 'find' | 'create' | 'update' | 'delete';

/**
 * A failed comment request. `transient` (5xx, timeout, network, rate limit) says a later retry may
 * succeed; otherwise (401, 403, 404, 410, 422) the token or target will not change during the run.
 */
export class CommentWriteError extends Error {
  override readonly name = 'CommentWriteError';
  readonly operation: CommentOperation;
  readonly status: number | undefined;
  readonly transient: boolean;
  /** From a `retry-after` header, when GitHub sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(operation: CommentOperation, cause: unknown) {
    const { status, headers, message } = describe(cause);
    const rateLimited =
      status === 429 || (status === 403 && (headers['retry-after'] !== undefined || headers['x-ratelimit-remaining'] === '0' || /rate limit/i.test(message)));
    super(`Could not ${operation} the PR comment: ${status === undefined ? '' : `HTTP ${status} `}${message}`, { cause });
    this.operation = operation;
    this.status = status;
    this.transient = status === undefined || status >= 500 || status === 408 || rateLimited;
    const retryAfter = Number(headers['retry-after']);
    this.retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
  }
}

function describe(error: unknown): { status: number | undefined; headers: Record<string, string | undefined>; message: string } {
  const e = error as { status?: unknown; message?: unknown; response?: { headers?: Record<string, string | undefined> } } | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : undefined,
    headers: e?.response?.headers ?? {},
    message: typeof e?.message === 'string' ? e.message.split('\n', 1)[0]!.slice(0, 300) : String(error),
  };
}
