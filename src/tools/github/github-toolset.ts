import { setTimeout as sleep } from 'node:timers/promises';
import type { Tool } from '../tool.ts';
import type { Redactor } from '../../core/redact.ts';
import type { GitHubClient } from '../../github/create-octokit.ts';
import { TokenIdentity } from '../../github/token-identity.ts';
import type { GithubWrites } from './github-writes.ts';
import { WriteAllowance, type EarlierWrite } from './write-allowance.ts';
import { reachableRepositories, type GitHubToolContext } from './github-tool-context.ts';
import { issueReadTools } from './issue-read-tools.ts';
import { listCommitsTool } from './list-commits-tool.ts';
import { pullRequestTools } from './pull-request-tools.ts';
import { writeTools } from './write-tools.ts';

export interface GitHubToolsetOptions {
  readonly octokit: GitHubClient;
  /** The run's redactor: text written to GitHub is redacted again after it is neutralised. */
  readonly redact: Redactor;
  /** The current repository; tools default to it. */
  readonly owner: string;
  readonly repo: string;
  /** `owner/name` repositories writes may also target (the plan's `github.allow_repos`). */
  readonly allowRepos?: readonly string[];
  /** The plan's `github.writes`: caps per kind, allowed labels, what outbound text keeps. Strict when absent. */
  readonly writes?: GithubWrites;
  /** The writes of the run this one resumes: they count against the caps of `writes` as this run's own. */
  readonly earlierWrites?: readonly EarlierWrite[];
  /** Given the run's write allowance once made: what the run has written, for checking a replan's steps. */
  readonly onAllowance?: (allowance: WriteAllowance) => void;
  /** The run's repository page on the run's server (`https://github.com/owner/name/` on github.com): links to it stay links. */
  readonly repositoryUrl?: string;
  /** The pull request of the run, when there is one: the default `pull_number`. */
  readonly pullNumber?: number;
  /** The commit the run is for (the event's pull request head): reads of `pullNumber` fail once a push moved its head. */
  readonly pullHeadSha?: string;
  readonly requestTimeoutMs?: number;
  readonly now?: () => number;
  readonly wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * The `github` toolset: reads (pull requests, diffs, issues, commits, search) and writes
 * (create_issue, add_comment, add_labels; side effects, current repository unless allowed, within
 * the caps of `writes`, their text neutralised on the way out).
 */
export function githubToolset(options: GitHubToolsetOptions): Tool[] {
  const allowance = new WriteAllowance(options.redact, options.writes, options.repositoryUrl, reachableRepositories({ owner: options.owner, repo: options.repo, allowRepos: options.allowRepos ?? [] }), options.earlierWrites);
  options.onAllowance?.(allowance);
  const context: GitHubToolContext = {
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    allowRepos: options.allowRepos ?? [],
    allowance,
    identity: new TokenIdentity(options.octokit),
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    now: options.now ?? Date.now,
    wait: options.wait ?? ((ms, signal) => sleep(ms, undefined, { signal })),
  };
  return [
    ...pullRequestTools(context, options.pullNumber, options.pullHeadSha),
    ...issueReadTools(context),
    listCommitsTool(context),
    ...writeTools(context),
  ];
}
