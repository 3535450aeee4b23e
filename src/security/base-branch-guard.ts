import type { WorkspaceHead } from './workspace-head.ts';

/** Events that run with the base repository's token and secrets while a pull request's code may be at hand. */
export const BASE_CONFIG_EVENTS: readonly string[] = ['pull_request_target', 'issue_comment'];

export interface ConfigSourceRequest {
  readonly eventName: string;
  readonly payload: unknown;
  /** `GITHUB_SHA`: for issue_comment, the default branch's head commit. */
  readonly githubSha?: string;
  readonly head: WorkspaceHead;
  /** Whether a plan file is read from the workspace (a task alone reads no configuration). */
  readonly readsPlanFile: boolean;
}

export type ConfigSourceCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const RISK =
  'On this event the job has the base repository\'s token and secrets, so the plan file, its tool scripts and its MCP servers ' +
  'must come from the base branch: a pull request could otherwise change them to run any command with those secrets.';

function expectedCommit(request: ConfigSourceRequest): { sha: string; what: string; fix: string } | undefined {
  if (request.eventName === 'pull_request_target') {
    const sha = (request.payload as { pull_request?: { base?: { sha?: unknown } } } | undefined)?.pull_request?.base?.sha;
    return typeof sha === 'string' && sha !== ''
      ? { sha, what: 'the pull request\'s base commit (pull_request.base.sha)', fix: 'check out the base: actions/checkout with no `ref:` (its default on pull_request_target), never `ref: ${{ github.event.pull_request.head.sha }}`' }
      : undefined;
  }
  const sha = request.githubSha;
  return sha ? { sha, what: 'the default branch commit (GITHUB_SHA)', fix: 'check out the default branch: actions/checkout with no `ref:`, never the pull request\'s head ref' } : undefined;
}

/**
 * On `pull_request_target` and `issue_comment`, the workspace must hold the base commit the event
 * names (`pull_request.base.sha`, or `GITHUB_SHA` for a comment), or the plan and tools may come
 * from an untrusted pull request. Other events pass. A run without a checkout passes only when it
 * reads no plan file; an unreadable HEAD refuses (fail closed).
 */
export function checkConfigSource(request: ConfigSourceRequest): ConfigSourceCheck {
  if (!BASE_CONFIG_EVENTS.includes(request.eventName)) return { ok: true };
  const { head } = request;
  if (head.kind === 'not-a-repository') {
    if (!request.readsPlanFile) return { ok: true };
    return { ok: false, reason: `the workspace is not a git checkout, so plan-runner cannot tell whether the plan file comes from the base branch. ${RISK} Fix: run actions/checkout (without \`ref:\`) before plan-runner.` };
  }
  if (head.kind === 'unknown') {
    return { ok: false, reason: `the workspace's commit could not be read (git: ${head.message}). ${RISK} Fix: run actions/checkout (without \`ref:\`) before plan-runner.` };
  }
  const expected = expectedCommit(request);
  if (!expected) return { ok: false, reason: `the ${request.eventName} event does not say which base commit to expect. ${RISK}` };
  if (head.sha.toLowerCase() === expected.sha.toLowerCase()) return { ok: true };
  return {
    ok: false,
    reason: `the workspace is at commit ${head.sha.slice(0, 12)}, not ${expected.what} ${expected.sha.slice(0, 12)}. ${RISK} Fix: ${expected.fix}.`,
  };
}
