import type { EffectCheck, Tool, ToolContext } from '../tool.ts';
import { CrossRepoRefusedError } from './cross-repo-refused-error.ts';
import { toGitHubApiError } from './github-api-error.ts';
import { reachableRepositories, type GitHubToolContext } from './github-tool-context.ts';
import { OWNER_NAME_SCHEMA, REPO_NAME_SCHEMA, repositoryNameProblem } from './github-repository-name.ts';
import { InvalidRepositoryNameError } from './invalid-repository-name-error.ts';
import { timeoutSignal } from '../../core/timeout-signal.ts';

/** The repository a call targets and the signal its requests carry. */
export interface GitHubCall {
  readonly owner: string;
  readonly repo: string;
  /**
   * Octokit `request` options for one request: cancels with the run, times out after the per-request timeout, and
   * follows no redirect (GitHub sends a transferred issue's reads and writes to the repository it moved to).
   */
  request(): { signal: AbortSignal; redirect: 'manual' };
  readonly cancel: AbortSignal;
  /** The call's idempotency key, when the run gave one: the same for a call the run makes again. */
  readonly key?: string;
  /** Maps a failure to a StepError (or the cancel reason) naming `action`. */
  fail(action: string, error: unknown): Error;
}

export interface GitHubToolSpec {
  readonly name: string;
  readonly description: string;
  readonly properties: Record<string, unknown>;
  readonly required?: readonly string[];
  readonly sideEffects: boolean;
  run(args: Record<string, unknown>, call: GitHubCall): Promise<unknown>;
  /** For a write: looks for what a call with these arguments made at `since` or later left (see `Tool.findEffect`). */
  findEffect?(args: Record<string, unknown>, call: GitHubCall, since: Date): Promise<EffectCheck>;
}

/**
 * A github tool: adds the optional `owner`/`repo` arguments (defaulting to the current repository),
 * refuses reads and writes outside the allowed repositories (the run's own and `github.allow_repos`:
 * with a token that reaches further, a model must not read another private repository into the
 * run's comment), and maps Octokit failures to ToolErrors.
 */
export function defineGitHubTool(context: GitHubToolContext, spec: GitHubToolSpec): Tool {
  const reachable = reachableRepositories(context);
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: {
      type: 'object',
      properties: {
        ...spec.properties,
        owner: { ...OWNER_NAME_SCHEMA, description: `Repository owner (omit for ${context.owner})` },
        repo: { ...REPO_NAME_SCHEMA, description: `Repository name (omit for ${context.repo})` },
      },
      required: [...(spec.required ?? [])],
      additionalProperties: false,
    },
    sideEffects: spec.sideEffects,
    async execute(args, ctx) {
      return spec.run(args, callOf(args, ctx));
    },
    ...(spec.findEffect && { findEffect: (args: Record<string, unknown>, ctx: ToolContext & { readonly since: Date }) => spec.findEffect!(args, callOf(args, ctx), ctx.since) }),
  };

  function callOf(args: Record<string, unknown>, ctx: ToolContext): GitHubCall {
    const owner = typeof args.owner === 'string' && args.owner !== '' ? args.owner : context.owner;
    const repo = typeof args.repo === 'string' && args.repo !== '' ? args.repo : context.repo;
    const target = `${owner}/${repo}`;
    // The input schema says so to the model; this holds for every caller.
    const problem = repositoryNameProblem(owner, repo);
    if (problem) throw new InvalidRepositoryNameError(spec.name, problem);
    if (!reachable.some((allowed) => allowed.toLowerCase() === target.toLowerCase())) {
      throw new CrossRepoRefusedError(spec.name, target, reachable, spec.sideEffects ? 'writing' : 'reading');
    }
    const call: GitHubCall = {
      owner,
      repo,
      request: () => ({ signal: AbortSignal.any([ctx.signal, timeoutSignal(context.requestTimeoutMs)]), redirect: 'manual' }),
      cancel: ctx.signal,
      ...(ctx.idempotencyKey !== undefined && { key: ctx.idempotencyKey }),
      fail: (action, error) => toGitHubApiError(spec.name, action, error, ctx.signal),
    };
    return call;
  }
}
