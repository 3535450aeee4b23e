import { describeGitHubFailure, readGitHubFailure } from '../../github/github-failure.ts';

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
    const failure = readGitHubFailure(cause);
    super(`Could not ${operation} the PR comment: ${describeGitHubFailure(failure)}`, { cause });
    this.operation = operation;
    this.status = failure.status;
    this.transient = failure.transient;
    this.retryAfterMs = failure.retryAfterMs;
  }
}
