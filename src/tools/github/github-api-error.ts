import { StepError } from '../../core/step-error.ts';
import { readGitHubFailure } from '../../github/github-failure.ts';

/** What a user can do about a GitHub error status. */
const ADVICE: Record<number, string> = {
  401: 'the token is invalid or expired',
  403: "the token lacks permission (grant it in the workflow, e.g. `permissions: issues: write`), or GitHub refuses it whatever the permissions (a locked conversation, an archived repository): GitHub's answer says which",
  404: 'it does not exist, or the token cannot see it',
  // The github tools ask for another form than JSON only for a pull request's diff, which GitHub refuses past its limits.
  406: "GitHub will not give it in the form asked (a pull request's diff past 20,000 lines or 300 files); list_pull_request_files gives it file by file",
  410: 'it was removed or the feature is disabled for the repository',
  422: 'GitHub rejected the arguments',
};

/** A redirect, which the github tools do not follow: where it leads may be a repository the run may not reach. */
const REDIRECT_ADVICE = 'it moved (an issue transferred to another repository, a repository renamed), and the github tools follow no redirect; name the repository it is in now, which the plan must allow';

/** A GitHub API call failed; 408, 429, 5xx, rate limits, timeouts and network failures are transient. */
export class GitHubApiError extends StepError {
  /** HTTP status, or undefined when no answer came (timeout, network). */
  readonly status?: number;
  readonly action: string;
  /** GitHub refused the call for a rate limit: nothing was done, and it asks to wait (`retryAfterMs`). */
  readonly rateLimited: boolean;

  constructor(options: {
    toolName: string;
    action: string;
    status?: number;
    detail: string;
    transient: boolean;
    rateLimited?: boolean;
    /** As `GitHubFailure.retryAfterMs`, which decides it: a rate limit's however long, a minute when GitHub named none. */
    retryAfterMs?: number;
    cause?: unknown;
  }) {
    const { toolName, action, status, detail } = options;
    const what = status === undefined ? `got no answer from GitHub (${detail})` : `GitHub answered ${status}: ${detail}`;
    const advice =
      status === undefined || options.transient ? 'it can be retried' : status >= 300 && status < 400 ? REDIRECT_ADVICE : (ADVICE[status] ?? 'check the arguments');
    // A request refused for a rate limit did nothing: a write so refused is tried again as one never sent, not taken for
    // one that may have landed (found by an adversarial pass: the run escalated to a person over a secondary limit).
    // Its wait, as `readGitHubFailure` read it: a step's retry waits it out, or does not send the call again.
    super(`${toolName}: ${action}: ${what}; ${advice}`, { ...options, notSent: options.rateLimited === true });
    this.status = status;
    this.action = action;
    this.rateLimited = options.rateLimited === true;
  }
}

/**
 * The StepError for a failed Octokit call. A cancelled run rethrows the cancel reason; a timed-out
 * or unanswered request is transient, as are 408, 429, 5xx and rate-limit 403s.
 */
export function toGitHubApiError(toolName: string, action: string, error: unknown, cancel: AbortSignal): Error {
  if (error instanceof StepError) return error;
  if (cancel.aborted) return cancel.reason instanceof Error ? cancel.reason : new Error(String(cancel.reason));
  const { status, message, transient, rateLimited, retryAfterMs } = readGitHubFailure(error);
  return new GitHubApiError({ toolName, action, status, detail: message, transient, rateLimited, retryAfterMs, cause: error });
}
