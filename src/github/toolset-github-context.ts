import type { GitHubClient } from './create-octokit.ts';
import { eventTarget } from './event-target.ts';
import { pullRequestHeadSha, type GitHubRunContext } from './github-run-context.ts';

/** The repository a run belongs to. */
export interface RunRepository {
  readonly owner: string;
  readonly repo: string;
  /** Its page on the run's server (`GITHUB_SERVER_URL`, a GitHub Enterprise Server's too): links under it stay links in what the tools write. */
  readonly url: string;
}

/** What the github toolset works with: a client, the current repository, and the run's pull request. */
export interface ToolsetGitHubContext {
  readonly octokit?: GitHubClient;
  readonly repository?: RunRepository;
  readonly pullNumber?: number;
  /** The commit of that pull request the run is for: reads of the pull request are of it, and fail once a push moves its head. */
  readonly pullHeadSha?: string;
}

/**
 * The github toolset's context from the runner's event: this repository, and the event's pull request and its commit
 * (`headSha` when the run is for another than the event names: an approved run's is the paused run's).
 */
export function toolsetGitHubContext(run: GitHubRunContext, octokit: GitHubClient | undefined, headSha?: string): ToolsetGitHubContext {
  const [owner, repo] = run.repository?.split('/') ?? [];
  const url = run.repositoryUrl;
  const target = eventTarget(run.eventName, run.payload, run.repository);
  const pullHeadSha = target?.kind === 'pull_request' ? (headSha ?? pullRequestHeadSha(run.payload)) : undefined;
  return {
    ...(octokit ? { octokit } : {}),
    ...(owner && repo && url ? { repository: { owner, repo, url } } : {}),
    ...(target?.kind === 'pull_request' ? { pullNumber: target.number } : {}),
    ...(pullHeadSha !== undefined && { pullHeadSha }),
  };
}
