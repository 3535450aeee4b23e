import type { GitHubClient } from '../../github/create-octokit.ts';
import type { TokenIdentity } from '../../github/token-identity.ts';
import type { WriteAllowance } from './write-allowance.ts';

/** What every github tool shares: the client, the current repository and the write allow list. */
export interface GitHubToolContext {
  readonly octokit: GitHubClient;
  readonly owner: string;
  readonly repo: string;
  /** `owner/name` repositories the tools may read and write besides the current one. */
  readonly allowRepos: readonly string[];
  /** Caps, allowed labels and outbound text rules shared by the run's write tools (`github.writes`). */
  readonly allowance: WriteAllowance;
  /** Who the token is: only what it wrote counts as a write's effect (anyone can post the same text). */
  readonly identity: TokenIdentity;
  /** Per-request timeout; a write that times out is checked before it is tried again. */
  readonly requestTimeoutMs: number;
  readonly now: () => number;
  /** Waits before a write is tried again; tests pass one that returns at once. */
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** The repositories the github tools may read and write: the run's own, then `github.allow_repos`. */
export function reachableRepositories(context: Pick<GitHubToolContext, 'owner' | 'repo' | 'allowRepos'>): string[] {
  return [`${context.owner}/${context.repo}`, ...context.allowRepos];
}
