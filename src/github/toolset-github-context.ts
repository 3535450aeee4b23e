import type { GitHubClient } from './create-octokit.ts';
import { eventTarget } from './event-target.ts';
import type { GitHubRunContext } from './github-run-context.ts';

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
}

/** The github toolset's context from the runner's event: this repository, and the event's pull request. */
export function toolsetGitHubContext(run: GitHubRunContext, octokit: GitHubClient | undefined): ToolsetGitHubContext {
  const [owner, repo] = run.repository?.split('/') ?? [];
  const url = run.repositoryUrl;
  const target = eventTarget(run.eventName, run.payload, run.repository);
  return {
    ...(octokit ? { octokit } : {}),
    ...(owner && repo && url ? { repository: { owner, repo, url } } : {}),
    ...(target?.kind === 'pull_request' ? { pullNumber: target.number } : {}),
  };
}
