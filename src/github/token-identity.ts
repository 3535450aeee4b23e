import type { GitHubClient } from './create-octokit.ts';

/** What every message about an identity GitHub would not give says first. */
export const UNKNOWN_IDENTITY = 'GitHub could not say who the token is (GET /user, then GraphQL)';

/**
 * Who the token is, as the author of what it writes: `GET /user` for a personal access token; an
 * installation token (`GITHUB_TOKEN`, a GitHub App's) may not read it (403), and GraphQL's `viewer` names
 * its bot (`github-actions[bot]`, `my-app[bot]`); so does it a token whose `GET /user` was refused for its
 * rate limit. Undefined when GitHub could not say: then nothing found on GitHub counts as this token's (a
 * guess, such as the Actions bot for every installation token, would take another's writes for its own).
 */
export async function tokenIdentity(octokit: GitHubClient): Promise<string | undefined> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    if ((error as { status?: unknown }).status !== 403) return undefined;
  }
  try {
    const answer = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
    const login = answer.viewer?.login;
    return typeof login === 'string' && login !== '' ? login : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The token's identity, looked up when first needed and kept once known; a lookup GitHub could not answer is
 * asked again at the next need. The author GitHub names on something the token created settles it for good
 * (`learn`).
 */
export class TokenIdentity {
  readonly #octokit: GitHubClient;
  #lookup: Promise<string | undefined> | undefined;
  #known: string | undefined;

  constructor(octokit: GitHubClient) {
    this.#octokit = octokit;
  }

  async login(): Promise<string | undefined> {
    if (this.#known !== undefined) return this.#known;
    const lookup = (this.#lookup ??= tokenIdentity(this.#octokit));
    const login = await lookup;
    if (login === undefined && this.#lookup === lookup) this.#lookup = undefined;
    else if (login !== undefined) this.#known ??= login;
    return this.#known ?? login;
  }

  /** The author of something this token just created. */
  learn(login: string | undefined): void {
    if (login) this.#known = login;
  }
}
