import { isForkPullRequest, isForkWorkflowRun } from './fork-pull-request.ts';

/**
 * Whose code or text an event puts before the run: the repository's own; another's (a fork's, or one that cannot be
 * told: `why` says which); or a pull request the payload names only by number, which must be read to tell.
 */
export type EventHead =
  | { readonly kind: 'own' }
  | { readonly kind: 'foreign'; readonly why: string }
  | { readonly kind: 'read_pull_request' };

type HeadRule = (payload: unknown) => EventHead;

const OWN: EventHead = { kind: 'own' };
const foreign = (why: string): EventHead => ({ kind: 'foreign', why });

/** Why a run on a fork's pull request is read-only. */
export const FORK_PULL_REQUEST = 'the pull request comes from a fork';

/** The pull request's events: the payload names its head repository. */
const pullRequestHead: HeadRule = (payload) => {
  if (!(payload as { pull_request?: unknown } | null)?.pull_request) return foreign('the event names no pull request, so whose code it is about cannot be told, and it counts as a fork\'s');
  return isForkPullRequest(payload) ? foreign(FORK_PULL_REQUEST) : OWN;
};

interface CheckedCommit {
  readonly head_branch?: unknown;
  readonly pull_requests?: unknown;
}

/**
 * The check events: GitHub names the branch of a check suite only for a push to this repository, and lists a
 * pull request only when its head is this repository's branch: a fork's commit has `head_branch: null` and an empty
 * `pull_requests`. So the list's being empty says nothing, and the commit is this repository's only when a branch of it
 * is named and each pull request listed has its head here (these entries name a repository by `id` only).
 */
function checkedCommitHead(event: string, suite: CheckedCommit | undefined, pullRequests: unknown, repositoryId: unknown): EventHead {
  const branch = suite?.head_branch;
  if (typeof branch !== 'string' || branch === '') {
    return foreign(`the ${event} names no branch of this repository for the commit it checks (GitHub names none for a fork's pull request), so it counts as a fork's`);
  }
  if (!Array.isArray(pullRequests)) return foreign(`the ${event} does not list its pull requests, so whose commit it checks cannot be told, and it counts as a fork's`);
  for (const pull of pullRequests as readonly { head?: { repo?: { id?: unknown } | null } }[]) {
    const head = pull?.head?.repo?.id;
    if (typeof head !== 'number' || typeof repositoryId !== 'number') return foreign(`the ${event} does not say which repository its pull request's head is in, so it counts as a fork's`);
    if (head !== repositoryId) return foreign(FORK_PULL_REQUEST);
  }
  return OWN;
}

interface CheckPayload {
  readonly check_suite?: CheckedCommit & { readonly pull_requests?: unknown };
  readonly check_run?: { readonly check_suite?: CheckedCommit; readonly pull_requests?: unknown };
  readonly repository?: { readonly id?: unknown };
}

const checkSuiteHead: HeadRule = (payload) => {
  const data = (payload ?? {}) as CheckPayload;
  return checkedCommitHead('check suite', data.check_suite, data.check_suite?.pull_requests, data.repository?.id);
};

const checkRunHead: HeadRule = (payload) => {
  const data = (payload ?? {}) as CheckPayload;
  return checkedCommitHead('check run', data.check_run?.check_suite, data.check_run?.pull_requests, data.repository?.id);
};

/** A status names the branches of this repository that hold its commit: none for a fork's commit. */
const statusHead: HeadRule = (payload) => {
  const branches = (payload as { branches?: unknown } | null)?.branches;
  return Array.isArray(branches) && branches.length > 0 ? OWN : foreign("the status is for a commit on no branch of this repository (as a fork's pull request's is), so it counts as a fork's");
};

const workflowRunHead: HeadRule = (payload) => (isForkWorkflowRun(payload) ? foreign("the workflow run it follows ran a fork's code") : OWN);

/** A comment on an issue is the repository's own; one on a pull request names only its number. */
const issueCommentHead: HeadRule = (payload) => {
  const issue = (payload as { issue?: { pull_request?: unknown } | null } | null)?.issue;
  return issue && !issue.pull_request ? OWN : { kind: 'read_pull_request' };
};

const ownHead: HeadRule = () => OWN;

/**
 * A dispatch is about the default branch's commit, unless its sender says otherwise: a dispatcher of pull request
 * comments (peter-evans/slash-command-dispatch) sends the pull request in `client_payload.pull_request`, and its command
 * workflow checks that head out. Its head tells as a pull request event's does; a pull request named without one
 * (a number) cannot be told.
 */
const repositoryDispatchHead: HeadRule = (payload) => {
  const data = payload as { client_payload?: { pull_request?: unknown } | null; repository?: unknown } | null;
  const pull = data?.client_payload?.pull_request;
  if (pull === undefined || pull === null) return OWN;
  if (typeof pull !== 'object') return foreign("the dispatch names a pull request (client_payload.pull_request) without its head, so whose code it is about cannot be told, and it counts as a fork's");
  return isForkPullRequest({ pull_request: pull, repository: data?.repository }) ? foreign(`the dispatch is about a fork's pull request (client_payload.pull_request)`) : OWN;
};

const deploymentHead: HeadRule = () => foreign("a deployment may be of any commit, a fork's pull request's among them, and its payload does not say whose, so it counts as a fork's");

/**
 * Every event plan-runner knows, and how it tells whose code the run is about. Events whose ref is the
 * repository's own (a push, a tag, the merge queue's branch, which GitHub builds from pull requests that passed
 * the base branch's rules) and those about no commit but the default branch's (issues, a schedule, a dispatch) are
 * the repository's own; the others say in their payload, and fail closed where it does not.
 */
const EVENT_HEADS: Readonly<Record<string, HeadRule>> = {
  pull_request: pullRequestHead,
  pull_request_target: pullRequestHead,
  pull_request_review: pullRequestHead,
  pull_request_review_comment: pullRequestHead,
  issue_comment: issueCommentHead,
  check_run: checkRunHead,
  check_suite: checkSuiteHead,
  status: statusHead,
  workflow_run: workflowRunHead,
  deployment: deploymentHead,
  deployment_status: deploymentHead,
  merge_group: ownHead,
  push: ownHead,
  create: ownHead,
  delete: ownHead,
  release: ownHead,
  schedule: ownHead,
  workflow_dispatch: ownHead,
  repository_dispatch: repositoryDispatchHead,
  issues: ownHead,
  label: ownHead,
  milestone: ownHead,
  discussion: ownHead,
  discussion_comment: ownHead,
  watch: ownHead,
  fork: ownHead,
  gollum: ownHead,
  page_build: ownHead,
  project: ownHead,
  project_card: ownHead,
  project_column: ownHead,
  public: ownHead,
  registry_package: ownHead,
  branch_protection_rule: ownHead,
  // No event at all: the action run outside a workflow (`local-action`, a test), on the code at hand.
  '': ownHead,
};

/**
 * Whose code or text `eventName`'s payload puts before the run. An event plan-runner does not know counts as a
 * fork's (fail closed), as does one whose payload does not say: a check suite's empty `pull_requests`, which is
 * what a fork's pull request gets, let a fork's check events run with the write tools (found by an audit).
 */
export function eventHead(eventName: string, payload: unknown): EventHead {
  const rule = Object.hasOwn(EVENT_HEADS, eventName) ? EVENT_HEADS[eventName] : undefined;
  return rule ? rule(payload) : foreign(`plan-runner does not know whose code a ${eventName} event is about, so it counts as a fork's`);
}
