/** A GitHub account name: letters, digits and single hyphens, not at either end; at most 39 characters. */
export const OWNER_NAME_SCHEMA = {
  type: 'string',
  pattern: '^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$',
  maxLength: 39,
} as const;

/** A repository name: letters, digits, `.`, `_` and `-`, at most 100 characters, and never `.` or `..`. */
export const REPO_NAME_SCHEMA = {
  type: 'string',
  // Written without lookahead: tool schemas' patterns run on a linear-time (RE2) engine.
  pattern: '^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}|\\.[A-Za-z0-9_-][A-Za-z0-9._-]{0,98}|\\.\\.[A-Za-z0-9._-]{1,98})$',
} as const;

const OWNER = new RegExp(OWNER_NAME_SCHEMA.pattern);
const REPO = new RegExp(REPO_NAME_SCHEMA.pattern);

/**
 * Why `owner`/`repo` cannot name a repository, or undefined when they can. Octokit puts both into
 * the URL path unescaped as dot segments, so `..` would climb out of `/repos/{owner}/{repo}`
 * (`get_issue` on `../..` requests `GET /issues/1`).
 */
export function repositoryNameProblem(owner: string, repo: string): string | undefined {
  if (owner.length > OWNER_NAME_SCHEMA.maxLength || !OWNER.test(owner)) {
    return `owner '${owner}' is not a GitHub account name (letters, digits and single hyphens, at most 39 characters)`;
  }
  if (!REPO.test(repo)) return `repo '${repo}' is not a repository name (letters, digits, '.', '_' and '-', at most 100 characters, not '.' or '..')`;
  return undefined;
}
