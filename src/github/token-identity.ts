import type { GitHubClient } from './create-octokit.ts';

/** The login `GITHUB_TOKEN` writes as, when GitHub would not say who an installation token is. */
const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

/**
 * Who the token is, as the author of what it writes: `GET /user` for a personal access token; an
 * installation token (`GITHUB_TOKEN`, a GitHub App's) may not read it (403), and GraphQL's `viewer` names
 * its bot (`github-actions[bot]`, `my-app[bot]`); when that fails too, `github-actions[bot]`, the token
 * most runs have. Undefined when GitHub could not say at all (an error other than 403): then nothing
 * found on GitHub counts as this token's.
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
    if (typeof login === 'string' && login !== '') return login;
  } catch {
    // An older GitHub Enterprise, or GraphQL refused: the Actions bot, as before GraphQL was asked.
  }
  return ACTIONS_BOT_LOGIN;
}

/**
 * The token's identity, looked up once when first needed; the author GitHub names on something the token
 * created settles it for good (`learn`).
 */
export class TokenIdentity {
  readonly #octokit: GitHubClient;
  #lookup: Promise<string | undefined> | undefined;
  #known: string | undefined;

  constructor(octokit: GitHubClient) {
    this.#octokit = octokit;
  }

  async login(): Promise<string | undefined> {
    return this.#known ?? (await (this.#lookup ??= tokenIdentity(this.#octokit)));
  }

  /** The author of something this token just created. */
  learn(login: string | undefined): void {
    if (login) this.#known = login;
  }
}
