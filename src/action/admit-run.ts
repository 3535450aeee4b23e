import type { GitHubClient } from '../github/create-octokit.ts';
import type { ToolWithholding } from '../plan/valid-plan.ts';
import { authorizeTrigger, type PermissionLookup, type TriggerDecision } from '../security/authorize-trigger.ts';
import { checkConfigSource, needsBaseConfig } from '../security/base-branch-guard.ts';
import { collaboratorPermission } from '../security/collaborator-permission.ts';
import { eventHead, FORK_PULL_REQUEST } from '../security/event-head.ts';
import { eventRepository, isForkPullRequest, sameRepository } from '../security/fork-pull-request.ts';
import { eventTarget } from '../github/event-target.ts';
import { describeGitHubFailure, readGitHubFailure } from '../github/github-failure.ts';
import { readOnlyWithholding } from '../plan/read-only-withholding.ts';
import { readWorkspaceHead, type WorkspaceHead } from '../security/workspace-head.ts';
import type { ActionSettings } from './action-settings.ts';

/** Whether a run may start, and in which mode. */
export type Admission =
  | { readonly admitted: false; readonly reason: string }
  | { readonly admitted: true; /** Set when the run acts on a fork's code or text, or on code not shown to be the repository's (`why` says which): tools withheld, no comment. */ readonly readOnly?: { readonly withhold: ToolWithholding; readonly why: string } };

export interface AdmissionDeps {
  readonly github?: GitHubClient;
  /** Tests pass a fixed answer; the default runs `git rev-parse HEAD` in the workspace. */
  readonly readHead?: (workspace: string) => Promise<WorkspaceHead>;
  /** Tests pass a fixed answer; the default asks GitHub with `github`. */
  readonly permissionOf?: PermissionLookup;
}

function permissionLookup(settings: Pick<ActionSettings, 'github'>, deps: Pick<AdmissionDeps, 'github' | 'permissionOf'>): PermissionLookup {
  if (deps.permissionOf) return deps.permissionOf;
  const [owner, repo] = settings.github.repository?.split('/') ?? [];
  const github = deps.github;
  if (!github || !owner || !repo) {
    return () => Promise.reject(new Error(github ? 'GITHUB_REPOSITORY is not set' : 'there is no github-token to ask GitHub with'));
  }
  return collaboratorPermission(github, owner, repo);
}

/**
 * The checks before any model call: who triggered the event may start a run (write access, or a
 * listed bot), the plan and tools come from the base branch on `pull_request_target`,
 * `issue_comment` and a `workflow_run` a fork set off, and a run for a fork's pull request (its own events, a comment on it, a
 * workflow_run it set off, its commit's check suite) or for code the event does not show to be the repository's runs read-only.
 */
export async function admitRun(settings: ActionSettings, deps: AdmissionDeps): Promise<Admission> {
  const { eventName, payload } = settings.github;
  const trigger = await authorizeRun(settings, deps);
  if (!trigger.allowed) return { admitted: false, reason: `who started this run may not: ${trigger.reason}.` };

  // Only these events run a plan that must come from the base branch: elsewhere git is not asked (a process start saved).
  if (needsBaseConfig(eventName, payload)) {
    const head = await (deps.readHead ?? ((workspace: string) => readWorkspaceHead(workspace, process.env, { changes: settings.planFile !== undefined })))(settings.workspace);
    const source = checkConfigSource({
      eventName,
      payload,
      ...(settings.env['GITHUB_SHA'] ? { githubSha: settings.env['GITHUB_SHA'] } : {}),
      head,
      readsPlanFile: settings.planFile !== undefined,
    });
    if (!source.ok) return { admitted: false, reason: `the plan would not come from the base branch: ${source.reason}` };
  }

  const why = await readOnlyReason(settings, deps);
  return why !== undefined ? { admitted: true, readOnly: { withhold: readOnlyWithholding(why), why } } : { admitted: true };
}

/**
 * Whether the accounts behind the event may start a run (write access, or a listed bot), asked of GitHub as
 * admission asks. Also asked by a killed main step's post step, which must not write the comment of a run the
 * main step would have refused (it may have been ended before it could).
 */
export function authorizeRun(settings: Pick<ActionSettings, 'github' | 'allowedBots'>, deps: Pick<AdmissionDeps, 'github' | 'permissionOf'>): Promise<TriggerDecision> {
  const { eventName, payload } = settings.github;
  return authorizeTrigger({ eventName, payload, repository: settings.github.repository ?? 'this repository', allowedBots: settings.allowedBots }, permissionLookup(settings, deps));
}

/**
 * Why the run is read-only, or undefined when it is not: it acts on a fork's code or text, or on code the event does
 * not show to be the repository's. Told by whose the event's head is, as `eventHead` tells for every event (a pull
 * request event from a fork, a fork's check suite, a workflow_run a fork's pull request set off), and for a comment
 * on a pull request (its payload names only the number) by reading the pull request. What cannot be told counts as a
 * fork (read-only, fail closed), and the
 * reason says so: a 502 on reading the pull request called a same-repository pull request a fork's, and an
 * `/approve` there was refused as one on a fork (found by an adversarial pass).
 * Also asked by a killed main step's post step, which must not write the comment a read-only run writes none of.
 */
export async function readOnlyReason(settings: Pick<ActionSettings, 'github'>, deps: Pick<AdmissionDeps, 'github'>): Promise<string | undefined> {
  const { eventName, payload } = settings.github;
  const head = eventHead(eventName, payload);
  if (head.kind === 'own') return undefined;
  if (head.kind === 'foreign') return head.why;
  const target = eventTarget(eventName, payload, settings.github.repository);
  // A comment whose pull request or repository cannot be told counts as a fork's.
  if (target?.kind !== 'pull_request') return `${UNTOLD} (the event names no pull request or issue with its repository), so it counts as a fork's`;
  const { owner, repo, number } = target;
  if (!deps.github) return `${UNTOLD} (pull request #${number} cannot be read without a github-token), so it counts as a fork's`;
  // The event's repository by its id where the payload has it: the pull request is read by name, which a re-run keeps
  // from its event, and since a rename another repository may hold it (found by an adversarial pass).
  const repository = eventRepository(`${owner}/${repo}`, payload);
  try {
    const { data } = await deps.github.rest.pulls.get({ owner, repo, pull_number: number });
    if (!sameRepository(data.base.repo, repository)) {
      const ids = typeof data.base.repo?.id === 'number' && repository.id !== undefined ? ` (id ${data.base.repo.id}, not ${String(repository.id)})` : '';
      return `${UNTOLD} (pull request #${number} as GitHub answers it is of another repository than this one${ids}: was ${owner}/${repo} renamed or moved since the event?), so it counts as a fork's`;
    }
    return isForkPullRequest({ pull_request: data, repository }) ? FORK_PULL_REQUEST : undefined;
  } catch (error) {
    const failure = readGitHubFailure(error);
    const then = failure.transient ? 're-run this job once GitHub answers' : 'the github-token needs `pull-requests: read`';
    return `${UNTOLD} (reading pull request #${number} failed: ${describeGitHubFailure(failure)}), so it counts as a fork's; ${then}`;
  }
}

const UNTOLD = "whether this comment is on a fork's pull request could not be told";
