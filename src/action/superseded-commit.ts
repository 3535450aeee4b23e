import type { GitHubClient } from '../github/create-octokit.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { pullRequestHeadSha } from '../github/github-run-context.ts';

/**
 * The pull request commit a run on `target` is for: the event's, or, for an approving run (an `issue_comment`,
 * whose event names no commit), the paused run's (`pausedHeadSha`). Undefined for an issue, or when neither says.
 */
export function runCommitOf(target: IssueTarget, payload: unknown, pausedHeadSha?: string): string | undefined {
  return target.kind === 'pull_request' ? (pullRequestHeadSha(payload) ?? pausedHeadSha) : undefined;
}

/** The commit named by the hidden head line at the top of plan-runner's own comment (`<!-- plan-runner-head: <sha> -->`), or undefined. */
export function commentHead(body: string): string | undefined {
  for (const line of body.split('\n', 4)) {
    const head = /^<!-- plan-runner-head: ([0-9a-f]{40}) -->$/.exec(line)?.[1];
    if (head) return head;
  }
  return undefined;
}

/** A run's commit that a push has moved the pull request past: `head` is the pull request's head now. */
export interface Superseded {
  readonly head: string;
  /** `This run is for commit abc1234, which is no longer the head of #5 (now def5678)`. */
  readonly message: string;
}

/** The pull request's head commit now (one GET), or undefined when GitHub cannot say (a failure, a timeout, a rate limit). */
export async function pullRequestHead(github: GitHubClient, target: IssueTarget): Promise<string | undefined> {
  try {
    return (await github.rest.pulls.get({ owner: target.owner, repo: target.repo, pull_number: target.number })).data.head.sha;
  } catch {
    return undefined;
  }
}

/**
 * The pull request's head now (`head`, from `pullRequestHead`) against the run's commit `headSha`: when it is no longer
 * that commit, a newer push has its own run, and this one is superseded; undefined while it is the head.
 */
export function supersededAt(target: IssueTarget, headSha: string, head: string): Superseded | undefined {
  if (head === headSha) return undefined;
  return { head, message: `This run is for commit ${headSha.slice(0, 7)}, which is no longer the head of #${target.number} (now ${head.slice(0, 7)})` };
}
