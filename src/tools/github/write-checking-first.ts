import { isTransient } from '../../core/step-error.ts';
import type { GitHubToolContext } from './github-tool-context.ts';

/** Longest pause before a write is tried again, whatever the server's retry-after says. */
const MAX_WAIT_MS = 10_000;

/** How far back a write's own effect is looked for: runner and GitHub clocks can disagree. */
export const CLOCK_SLACK_MS = 2 * 60 * 1000;

/**
 * Runs a write once more at most. A transient failure (timeout, network, 5xx) may come after GitHub
 * applied the write, so before the second attempt `findApplied` looks for its effect (the comment or
 * the issue it meant to create) and returns that instead of writing twice.
 */
export async function writeCheckingFirst<T>(options: {
  readonly context: GitHubToolContext;
  readonly cancel: AbortSignal;
  readonly attempt: () => Promise<T>;
  readonly findApplied: () => Promise<T | undefined>;
  readonly fail: (error: unknown) => Error;
}): Promise<T> {
  let firstError: Error;
  try {
    return await options.attempt();
  } catch (error) {
    firstError = options.fail(error);
  }
  if (!isTransient(firstError)) throw firstError;
  let applied: T | undefined;
  try {
    applied = await options.findApplied();
  } catch {
    // The check failed too; writing again could duplicate, so report the original failure.
    throw firstError;
  }
  if (applied !== undefined) return applied;
  const retryAfter = (firstError as { retryAfterMs?: number }).retryAfterMs;
  await options.context.wait(Math.min(retryAfter ?? 1000, MAX_WAIT_MS), options.cancel);
  try {
    return await options.attempt();
  } catch (error) {
    throw options.fail(error);
  }
}
