import type { GitHubClient } from '../github/create-octokit.ts';
import type { PermissionLookup } from './authorize-trigger.ts';

/** A permission lookup on `owner/repo` through Octokit (`GET /repos/{owner}/{repo}/collaborators/{username}/permission`). */
export function collaboratorPermission(octokit: GitHubClient, owner: string, repo: string): PermissionLookup {
  return async (username) => {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    return { permission: data.permission, ...(data.role_name ? { role_name: data.role_name } : {}) };
  };
}
