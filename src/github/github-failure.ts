import { cutText } from '../core/cut-text.ts';
import { askedWaitMs, headerRecord, waitWithinLimit } from '../core/retry-after-ms.ts';

/**
 * How long a GitHub request is waited for before it fails as "timed out" (`createOctokit`'s default): GitHub
 * itself ends a request it has worked on for 10 s, so by then one that got no answer is done or never will be.
 */
export const GITHUB_REQUEST_TIMEOUT_MS = 10_000;

/**
 * How much longer than its own bound a final write (the PR comment's, the check run's) waits for a rate limit's
 * `retry-after`: GitHub's secondary limit asks for about 60 s, and a final state given up on left the comment at ⏳
 * and a required check in progress after the run had ended (found by adversarial passes).
 */
export const MAX_RATE_LIMIT_WAIT_MS = 120_000;

/**
 * How long GitHub asks a rate-limited caller to wait when it names no time: a minute at least, as its docs say for
 * secondary limits (the throttling plugin's own fallback is 60 s too). Read as no wait, the PR comment and the check
 * run wrote again 1 s and 2 s later, each refused, where writing on under the limit may get the integration banned.
 */
const RATE_LIMIT_WAIT_MS = 60_000;

/** What a failed GitHub API call says: the one reading every caller (comment, check run, toolset) shares. */
export interface GitHubFailure {
  /** HTTP status, or undefined when no answer came (timeout, network). */
  readonly status?: number;
  /** The first line of GitHub's message, at most 300 characters, ending in `…` where cut ("timed out" for a timeout). */
  readonly message: string;
  /** A later try may succeed: no answer, 408, 429, 5xx, or a 403 that is a rate limit. */
  readonly transient: boolean;
  /** GitHub refused the request for a rate limit (429, or such a 403): it did nothing, and asks to wait. */
  readonly rateLimited?: true;
  /**
   * How long GitHub asked us to wait (`retry-after`, or `x-ratelimit-reset` when none are left; a rate limit that names
   * no time, `RATE_LIMIT_WAIT_MS`). A rate limit's however long: GitHub refuses every request until then, and each one
   * sent sooner is refused again and counts against the integration; another failure's only up to `MAX_RETRY_AFTER_MS`.
   */
  readonly retryAfterMs?: number;
}

interface OctokitLikeError {
  status?: unknown;
  message?: unknown;
  name?: unknown;
  response?: { headers?: Record<string, string | number | undefined> };
}

/** Reads an Octokit failure (a `RequestError`, a timeout, a network error) into a `GitHubFailure`. */
export function readGitHubFailure(error: unknown): GitHubFailure {
  const failure = (error ?? {}) as OctokitLikeError;
  if (failure.name === 'AbortError' || failure.name === 'TimeoutError') return { message: 'timed out', transient: true };
  const message = typeof failure.message === 'string' ? cutText(failure.message.split('\n', 1)[0]!, 300) : String(error);
  const status = typeof failure.status === 'number' ? failure.status : undefined;
  if (status === undefined || failure.response === undefined) return { message, transient: true };
  const header = headerRecord(failure.response.headers);
  // GitHub's primary and secondary rate limits answer 403; the headers or the message say so.
  const rateLimited =
    status === 403 && (header('retry-after') !== undefined || header('x-ratelimit-remaining') === '0' || /rate limit/i.test(message));
  const transient = status === 408 || status === 429 || status >= 500 || rateLimited;
  const limited = rateLimited || status === 429;
  const asked = askedWaitMs(header);
  // A rate limit's wait past 10 minutes read as none had the PR comment and the check run written again 1 s later, each
  // refused, and given up on without a word of the wait (found by a review): every caller bounds the wait itself.
  const wait = limited ? (asked ?? RATE_LIMIT_WAIT_MS) : waitWithinLimit(asked);
  return {
    status,
    message,
    transient,
    ...(limited && { rateLimited: true }),
    ...(wait !== undefined && { retryAfterMs: wait }),
  };
}

/** "HTTP 403 Resource not accessible by integration", for warnings. */
export function describeGitHubFailure(failure: GitHubFailure): string {
  return `${failure.status === undefined ? '' : `HTTP ${failure.status} `}${failure.message}`;
}

/**
 * What to do about a write GitHub refused, as a sentence for a warning; `permission` is what the write needs (`` `checks: write` ``).
 * Only a 403 that is no rate limit, or a 404 (GitHub's answer to a token that may not see what it asks for), is about the
 * token's permissions: a 401 is a token no longer valid, a redirect (`keepingWriteMethod`) a move, and any other refusal (a 422) is the request's own. Every refusal
 * said to grant the permission, which the workflow had (found by an adversarial pass).
 */
export function refusalAdvice(failure: Pick<GitHubFailure, 'status' | 'transient'>, permission: string): string {
  if (failure.transient) return 'GitHub may get over it (a rate limit, an outage): a later try may pass.';
  if (failure.status !== undefined && failure.status >= 300 && failure.status < 400) {
    return 'It moved (an issue transferred to another repository, a repository renamed), and plan-runner sends no write after it: run the workflow where it is now.';
  }
  switch (failure.status) {
    case 401:
      return "The token is no longer valid (expired or revoked): a job's own token ends with the job, and a github-token given must outlast the run.";
    case 403:
      return `Give the workflow ${permission}. A locked conversation or an archived repository refuses writes whatever the permissions: GitHub's answer says which.`;
    case 404:
      return `It is gone, or the token cannot see it: give the workflow ${permission}.`;
    default:
      return "GitHub refused the request itself, not the token's permissions: no permission changes that.";
  }
}
