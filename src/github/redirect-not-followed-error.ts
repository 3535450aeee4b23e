/**
 * GitHub answered a request that follows no redirect (`redirect: 'manual'`) with one: an issue transferred to
 * another repository, a repository renamed. Read as a failure with its status, never as an answer.
 */
export class RedirectNotFollowedError extends Error {
  readonly status: number;
  readonly response: { readonly headers: Readonly<Record<string, string | number | undefined>> };

  constructor(status: number, headers: Readonly<Record<string, string | number | undefined>>) {
    super(`a redirect (HTTP ${status}) the request did not follow`);
    this.name = new.target.name;
    this.status = status;
    this.response = { headers };
  }
}
