import type { GitHubClient } from '../github/create-octokit.ts';
import type { RunRepository } from '../github/toolset-github-context.ts';
import type { GithubConfig } from './github/github-config.ts';
import type { HttpConfig } from './http/http-config.ts';
import type { Toolset } from './toolset-name.ts';
import { filesToolset } from './files/files-toolset.ts';
import { githubToolset } from './github/github-toolset.ts';
import { httpToolset } from './http/http-toolset.ts';
import { mathToolset } from './math-toolset.ts';
import type { Tool } from './tool.ts';
import type { EarlierWrite, WriteAllowance } from './github/write-allowance.ts';
import type { Redactor } from '../core/redact.ts';
import { toolsetDescriptions } from './toolset-descriptions.ts';
import { ToolsetSetupError } from './toolset-setup-error.ts';

/** What the toolsets that reach outside the run need from it. */
export interface ToolsetContext {
  /** The repository root; the files toolset may not leave it. */
  readonly root: string;
  /** The client the github toolset calls with (the action's token). */
  readonly octokit?: GitHubClient;
  /** The github tools default to this repository and write only there (and to `github.allow_repos`). */
  readonly repository?: RunRepository;
  /** The run's pull request: the github tools' default `pull_number`. */
  readonly pullNumber?: number;
  /** The commit of that pull request the run is for: the github tools read the pull request as of it. */
  readonly pullHeadSha?: string;
  /** The run's redactor: what the github tools write is redacted again after it is neutralised. */
  readonly redact: Redactor;
  /** The github writes of the run this one resumes: `github.writes` counts them (a re-run does not write its caps again). */
  readonly earlierWrites?: readonly EarlierWrite[];
  /** Given the github toolset's write allowance once made: a replan's steps are checked after what it counted. */
  readonly onAllowance?: (allowance: WriteAllowance) => void;
}

/** The plan sections that configure toolsets. */
export interface ToolsetConfig {
  readonly http?: HttpConfig;
  readonly github?: GithubConfig;
}

const TOKEN_HINT =
  "set the action's github-token input (it defaults to the workflow's GITHUB_TOKEN; the job needs the permissions the tools use, " +
  'e.g. issues: write, pull-requests: write) or GITHUB_TOKEN for the CLI';

function githubTools(config: ToolsetConfig, context: ToolsetContext): Tool[] {
  if (!context.octokit) throw new ToolsetSetupError('github', `needs a GitHub token and none was given: ${TOKEN_HINT}`);
  if (!context.repository) {
    throw new ToolsetSetupError('github', 'needs the repository of the run and none is known: set GITHUB_REPOSITORY=owner/name (the runner sets it in Actions)');
  }
  return githubToolset({
    octokit: context.octokit,
    redact: context.redact,
    owner: context.repository.owner,
    repo: context.repository.repo,
    allowRepos: config.github?.allow_repos ?? [],
    ...(config.github?.writes !== undefined && { writes: config.github.writes }),
    repositoryUrl: context.repository.url,
    ...(context.pullNumber !== undefined && { pullNumber: context.pullNumber }),
    ...(context.earlierWrites !== undefined && { earlierWrites: context.earlierWrites }),
    ...(context.onAllowance !== undefined && { onAllowance: context.onAllowance }),
    ...(context.pullHeadSha !== undefined && { pullHeadSha: context.pullHeadSha }),
  });
}

function httpTools(config: ToolsetConfig): Tool[] {
  const http = config.http;
  if (!http) throw new ToolsetSetupError('http', 'needs the URL prefixes its tools may call: add http: { allow: [https://api.example.com/v1/] } to the plan');
  return httpToolset({
    allow: http.allow,
    ...(http.timeout_seconds !== undefined && { timeoutSeconds: http.timeout_seconds }),
    ...(http.max_response_bytes !== undefined && { maxResponseBytes: http.max_response_bytes }),
  });
}

/**
 * The tools of a built-in toolset (`toolsets: [...]` in a plan). With `context` they are ready for
 * a run, and a missing token, repository or `http.allow` is a ToolsetSetupError; without it
 * (validation) the toolsets that need the run only describe their tools.
 */
export function toolsetTools(name: Toolset, config: ToolsetConfig = {}, context?: ToolsetContext): Tool[] {
  if (name === 'math') return mathToolset();
  if (!context) return toolsetDescriptions(name, config.http?.allow);
  switch (name) {
    case 'files':
      return filesToolset({ root: context.root, redact: context.redact });
    case 'github':
      return githubTools(config, context);
    case 'http':
      return httpTools(config);
  }
}
