import { eventHead } from './event-head.ts';
import { isForkWorkflowRun } from './fork-pull-request.ts';
import type { WorkspaceHead } from './workspace-head.ts';

/**
 * Events that run with the base repository's token and secrets while a pull request's code may be at hand. The
 * check and status events run the default branch's workflow (GITHUB_SHA is its head), while the commit they are
 * about may be a fork's: a fork's pull request's check suite names its head, and their payloads do not say whose
 * it is (`check_run.pull_requests` lists no fork's), so it is not taken on trust (found by an adversarial hunt).
 */
export const BASE_CONFIG_EVENTS: readonly string[] = ['pull_request_target', 'issue_comment', 'check_run', 'check_suite', 'status'];

/** The ref into the event's own commit that a checkout must not take, by event. */
const HEAD_REFS: Readonly<Record<string, string>> = {
  workflow_run: "the fork's head (`ref: ${{ github.event.workflow_run.head_sha }}`)",
  check_run: 'the checked commit (`ref: ${{ github.event.check_run.head_sha }}`)',
  check_suite: 'the checked commit (`ref: ${{ github.event.check_suite.head_sha }}`)',
  status: 'the commit the status is for (`ref: ${{ github.event.sha }}`)',
  repository_dispatch: "the pull request's head (`ref: ${{ github.event.client_payload.pull_request.head.sha }}`)",
};

/**
 * Whether the plan must come from the base repository's own commit on this event: `BASE_CONFIG_EVENTS`, and a
 * `workflow_run` a fork's pull request set off, or a `repository_dispatch` about a fork's pull request, which have the
 * token and secrets too while the fork's head is a `ref:` away. Read-only mode keeps no secret from a plan the fork wrote: its
 * command goals and MCP servers run, and it marks its own command tools `fork_safe` (found by an adversarial hunt).
 */
export function needsBaseConfig(eventName: string, payload: unknown): boolean {
  if (BASE_CONFIG_EVENTS.includes(eventName)) return true;
  if (eventName === 'workflow_run') return isForkWorkflowRun(payload);
  // A dispatch about a fork's pull request (or one whose head it does not name) has the token and secrets too, and the
  // dispatcher's documented workflow checks the pull request's head out (found by an adversarial pass).
  return eventName === 'repository_dispatch' && eventHead(eventName, payload).kind !== 'own';
}

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

interface ExpectedCommits {
  readonly shas: readonly string[];
  readonly what: string;
  readonly fix: string;
}

function expectedCommits(request: ConfigSourceRequest): ExpectedCommits | undefined {
  const githubSha = request.githubSha ? [request.githubSha] : [];
  if (request.eventName === 'pull_request_target') {
    const sha = (request.payload as { pull_request?: { base?: { sha?: unknown } } } | undefined)?.pull_request?.base?.sha;
    const base = typeof sha === 'string' && sha !== '' ? [sha] : [];
    // GITHUB_SHA is the base branch's newest commit, which actions/checkout takes by default; base.sha
    // may be older when the base branch moved since the pull request was last updated. Both are base commits.
    return base.length > 0
      ? { shas: [...base, ...githubSha], what: "the pull request's base commit (pull_request.base.sha) or the base branch head (GITHUB_SHA)", fix: 'check out the base: actions/checkout with no `ref:` (its default on pull_request_target), never `ref: ${{ github.event.pull_request.head.sha }}`' }
      : undefined;
  }
  // On workflow_run and the check and status events, as on issue_comment, GITHUB_SHA is the default branch's newest commit.
  const never = HEAD_REFS[request.eventName] ?? "the pull request's head ref";
  return githubSha.length > 0
    ? { shas: githubSha, what: 'the default branch commit (GITHUB_SHA)', fix: `check out the default branch: actions/checkout with no \`ref:\`, never ${never}` }
    : undefined;
}

/**
 * On `pull_request_target` and `issue_comment`, and on a `workflow_run` a fork set off, the workspace must hold a
 * base commit the event names (`pull_request.base.sha` or `GITHUB_SHA`; for a comment or a workflow_run,
 * `GITHUB_SHA`), or the plan and tools may come from an untrusted pull request. Other events pass. A run without a
 * checkout passes only when it reads no plan file; an unreadable HEAD refuses (fail closed).
 */
export function checkConfigSource(request: ConfigSourceRequest): ConfigSourceCheck {
  if (!needsBaseConfig(request.eventName, request.payload)) return { ok: true };
  const { head } = request;
  if (head.kind === 'not-a-repository') {
    if (!request.readsPlanFile) return { ok: true };
    return { ok: false, reason: `the workspace is not a git checkout, so plan-runner cannot tell whether the plan file comes from the base branch. ${RISK} Fix: run actions/checkout (without \`ref:\`) before plan-runner.` };
  }
  if (head.kind === 'unknown') {
    return { ok: false, reason: `the workspace's commit could not be read (git: ${head.message}). ${RISK} Fix: run actions/checkout (without \`ref:\`) before plan-runner.` };
  }
  const expected = expectedCommits(request);
  if (!expected) return { ok: false, reason: `the ${request.eventName} event does not say which base commit to expect. ${RISK}` };
  if (expected.shas.some((sha) => sha.toLowerCase() === head.sha.toLowerCase())) {
    // At the base commit, but with files changed since: the plan and its tools are not that commit's.
    if (!request.readsPlanFile) return { ok: true };
    if (head.changesUnread !== undefined) {
      return {
        ok: false,
        reason: `the workspace is at ${expected.what}, but which files differ from it could not be read (git status: ${head.changesUnread}): the plan and its tools must be that commit's as committed. ${RISK} Fix: re-run the job; if it goes on, run plan-runner in a job of its own, right after actions/checkout.`,
      };
    }
    if ((head.changed === undefined || head.changed.length === 0) && !head.moreChanged) return { ok: true };
    const shown = (head.changed ?? []).map((file) => JSON.stringify(file)).join(', ');
    return {
      ok: false,
      reason: `the workspace is at ${expected.what}, but files differ from it or are not in it (${shown}${head.moreChanged ? `${shown ? ', ' : ''}and more` : ''}): the plan and its tools must be that commit's as committed, and a change or a file added after the checkout may be the pull request's. ${RISK} Fix: run plan-runner before any step that changes the checkout or writes into it (write files under $RUNNER_TEMP, or name them in .gitignore), or in a job of its own.`,
    };
  }
  return {
    ok: false,
    reason: `the workspace is at commit ${head.sha.slice(0, 12)}, not ${expected.what} (${[...new Set(expected.shas.map((sha) => sha.slice(0, 12)))].join(' or ')}). ${RISK} Fix: ${expected.fix}.`,
  };
}
