import { retryAfterMs } from '../http/retry-after-ms.ts';
import { StepError } from '../../core/step-error.ts';

/** What a user can do about a GitHub error status. */
const ADVICE: Record<number, string> = {
  401: 'the token is invalid or expired',
  403: 'the token lacks permission; grant it in the workflow (e.g. `permissions: issues: write`)',
  404: 'it does not exist, or the token cannot see it',
  410: 'it was removed or the feature is disabled for the repository',
  422: 'GitHub rejected the arguments',
};

/** A GitHub API call failed; 408, 429, 5xx, rate limits, timeouts and network failures are transient. */
export class GitHubApiError extends StepError {
  /** HTTP status, or undefined when no answer came (timeout, network). */
  readonly status?: number;
  readonly action: string;

  constructor(options: {
    toolName: string;
    action: string;
    status?: number;
    detail: string;
    transient: boolean;
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    const { toolName, action, status, detail } = options;
    const what = status === undefined ? `got no answer from GitHub (${detail})` : `GitHub answered ${status}: ${detail}`;
    const advice = status === undefined || options.transient ? 'it can be retried' : (ADVICE[status] ?? 'check the arguments');
    super(`${toolName}: ${action}: ${what}; ${advice}`, options);
    this.status = status;
    this.action = action;
  }
}

interface OctokitLikeError {
  status?: unknown;
  message?: unknown;
  name?: unknown;
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

function isRateLimited(status: number, headers: Record<string, string | number | undefined>, message: string): boolean {
  return status === 403 && (String(headers['x-ratelimit-remaining']) === '0' || /rate limit/i.test(message));
}

/**
 * The StepError for a failed Octokit call. A cancelled run rethrows the cancel reason; a timed-out
 * or unanswered request is transient, as are 408, 429, 5xx and rate-limit 403s.
 */
export function toGitHubApiError(toolName: string, action: string, error: unknown, cancel: AbortSignal): Error {
  if (error instanceof StepError) return error;
  if (cancel.aborted) return cancel.reason instanceof Error ? cancel.reason : new Error(String(cancel.reason));
  const failure = (error ?? {}) as OctokitLikeError;
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (failure.name === 'AbortError' || failure.name === 'TimeoutError') {
    return new GitHubApiError({ toolName, action, detail: 'timed out', transient: true, cause: error });
  }
  const status = typeof failure.status === 'number' ? failure.status : undefined;
  const headers = failure.response?.headers ?? {};
  if (status === undefined || failure.response === undefined) {
    return new GitHubApiError({ toolName, action, detail: message, transient: true, cause: error });
  }
  const transient = status === 408 || status === 429 || status >= 500 || isRateLimited(status, headers, message);
  const wait = retryAfterMs((name) => {
    const value = headers[name];
    return value === undefined ? undefined : String(value);
  });
  return new GitHubApiError({ toolName, action, status, detail: message.slice(0, 300), transient, retryAfterMs: wait, cause: error });
}
