import type { GitHubClient } from '../github/create-octokit.ts';
import type { ToolWithholding } from '../plan/valid-plan.ts';
import { authorizeTrigger, type PermissionLookup } from '../security/authorize-trigger.ts';
import { BASE_CONFIG_EVENTS, checkConfigSource } from '../security/base-branch-guard.ts';
import { collaboratorPermission } from '../security/collaborator-permission.ts';
import { isForkPullRequest } from '../security/fork-pull-request.ts';
import { forkReadOnly } from '../plan/fork-read-only.ts';
import { readWorkspaceHead, type WorkspaceHead } from '../security/workspace-head.ts';
import type { ActionSettings } from './action-settings.ts';

/** Whether a run may start, and in which mode. */
export type Admission =
  | { readonly admitted: false; readonly reason: string }
  | { readonly admitted: true; /** Set on a fork's pull request: tools withheld, no comment. */ readonly readOnly?: { readonly withhold: ToolWithholding } };

export interface AdmissionDeps {
  readonly github?: GitHubClient;
  /** Tests pass a fixed answer; the default runs `git rev-parse HEAD` in the workspace. */
  readonly readHead?: (workspace: string) => Promise<WorkspaceHead>;
  /** Tests pass a fixed answer; the default asks GitHub with `github`. */
  readonly permissionOf?: PermissionLookup;
}

function permissionLookup(settings: ActionSettings, deps: AdmissionDeps): PermissionLookup {
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
 * listed bot), the plan and tools come from the base branch on `pull_request_target` and
 * `issue_comment`, and a fork's pull request runs read-only.
 */
export async function admitRun(settings: ActionSettings, deps: AdmissionDeps): Promise<Admission> {
  const { eventName, payload } = settings.github;
  const trigger = await authorizeTrigger(
    { eventName, payload, repository: settings.github.repository ?? 'this repository', allowedBots: settings.allowedBots },
    permissionLookup(settings, deps),
  );
  if (!trigger.allowed) return { admitted: false, reason: `who started this run may not: ${trigger.reason}.` };

  // Only these events run a plan that must come from the base branch: elsewhere git is not asked (a process start saved).
  if (BASE_CONFIG_EVENTS.includes(eventName)) {
    const head = await (deps.readHead ?? readWorkspaceHead)(settings.workspace);
    const source = checkConfigSource({
      eventName,
      payload,
      ...(settings.env['GITHUB_SHA'] ? { githubSha: settings.env['GITHUB_SHA'] } : {}),
      head,
      readsPlanFile: settings.planFile !== undefined,
    });
    if (!source.ok) return { admitted: false, reason: `the plan would not come from the base branch: ${source.reason}` };
  }

  return isForkPullRequest(payload) ? { admitted: true, readOnly: { withhold: forkReadOnly } } : { admitted: true };
}
