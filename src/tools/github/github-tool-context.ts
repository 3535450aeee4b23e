import type { GitHubClient } from '../../github/create-octokit.ts';

/** What every github tool shares: the client, the current repository and the write allow list. */
export interface GitHubToolContext {
  readonly octokit: GitHubClient;
  readonly owner: string;
  readonly repo: string;
  /** `owner/name` repositories writes may target besides the current one. */
  readonly allowRepos: readonly string[];
  /** Per-request timeout; a write that times out is checked before it is tried again. */
  readonly requestTimeoutMs: number;
  readonly now: () => number;
  /** Waits before a write is tried again; tests pass one that returns at once. */
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
}
