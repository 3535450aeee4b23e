import { isNotSent, isTransient } from '../../core/step-error.ts';
import { GitHubApiError } from './github-api-error.ts';
import type { GitHubToolContext } from './github-tool-context.ts';

/** Longest pause before a write is tried again: one asked to wait longer is not tried again. */
const MAX_WAIT_MS = 10_000;

/** How far back a write's own effect is looked for: runner and GitHub clocks can disagree. */
export const CLOCK_SLACK_MS = 2 * 60 * 1000;

/**
 * Runs a write once more at most. A transient failure (timeout, network, 5xx) may come after GitHub
 * applied the write, so before the second attempt `findApplied` looks for its effect (the comment or
 * the issue it meant to create) and returns that instead of writing twice. A write refused for a rate
 * limit was not applied and is not looked for. A write is tried again only after the wait GitHub asked for,
 * when that is within `MAX_WAIT_MS` (a rate limit without `retry-after` asks for a minute at least).
 */
export async function writeCheckingFirst<T>(options: {
  readonly context: GitHubToolContext;
  readonly cancel: AbortSignal;
  readonly attempt: () => Promise<T>;
  readonly findApplied: () => Promise<T | undefined>;
  readonly fail: (error: unknown) => Error;
  /** Called before the write fails when every attempt was refused by GitHub's answer (so none was applied): what it took of the run's caps goes back. */
  readonly nothingWritten?: () => void;
}): Promise<T> {
  let firstError: Error;
  try {
    return await options.attempt();
  } catch (error) {
    firstError = options.fail(error);
  }
  if (!isTransient(firstError)) {
    if (refused(firstError)) options.nothingWritten?.();
    throw firstError;
  }
  const retryAfter = (firstError as { retryAfterMs?: number }).retryAfterMs;
  const rateLimited = firstError instanceof GitHubApiError && firstError.rateLimited;
  if (!rateLimited) {
    let applied: T | undefined;
    try {
      applied = await options.findApplied();
    } catch {
      // The check failed too; writing again could duplicate, so report the original failure.
      throw firstError;
    }
    if (applied !== undefined) return applied;
  }
  // Sent again before GitHub's wait is over, a write is refused again (and a rate limit prolonged; GitHub may block
  // the token for it).
  if (retryAfter === undefined ? rateLimited : retryAfter > MAX_WAIT_MS) {
    if (rateLimited) options.nothingWritten?.();
    throw firstError;
  }
  await options.context.wait(retryAfter ?? 1000, options.cancel);
  try {
    return await options.attempt();
  } catch (error) {
    const secondError = options.fail(error);
    // Only after a first attempt refused for a rate limit: one that failed otherwise may have been applied unseen,
    // so the call is not one that did nothing, whatever the second attempt met.
    if (rateLimited && refused(secondError)) options.nothingWritten?.();
    throw !rateLimited && isNotSent(secondError) ? firstError : secondError;
  }
}

/** Whether GitHub answered the write with a refusal (a redirect not followed, a 4xx): it was not applied. A 5xx or no answer may come after it was. */
function refused(error: Error): boolean {
  return error instanceof GitHubApiError && error.status !== undefined && error.status < 500;
}
