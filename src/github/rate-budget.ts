/** Requests kept back for the run itself (its github tools, the final comment and check run) once the budget is low. */
const RESERVE = 100;

/** The rate-limit headers of one GitHub answer, read by name (Octokit's lower-case header object, or `Headers`). */
export type HeaderReader = (name: string) => string | number | undefined | null;

/**
 * What GitHub's answers say of the token's primary REST rate limit (`x-ratelimit-*`), shared by
 * everything that uses the token: a `GITHUB_TOKEN` has 1,000 requests an hour for the repository, and
 * a live comment written every second (with the pull request's head read before each write) used
 * 7,200. Writers that need not write now (the live comment) ask `spacingMs` how far apart to write.
 */
export class RateBudget {
  #remaining?: number;
  #limit?: number;
  /** When the window ends, in ms since the epoch. */
  #resetMs?: number;

  /** Takes in one answer's headers; answers of another resource (search, GraphQL) or without the headers are ignored. */
  observe(header: HeaderReader): void {
    const resource = header('x-ratelimit-resource');
    if (resource !== undefined && resource !== null && String(resource) !== 'core') return;
    // An empty header is none (Number('') is 0, which read as no requests left).
    const read = (name: string): number => {
      const value = header(name);
      return value === undefined || value === null || String(value).trim() === '' ? Number.NaN : Number(value);
    };
    const remaining = read('x-ratelimit-remaining');
    const limit = read('x-ratelimit-limit');
    const resetMs = read('x-ratelimit-reset') * 1000;
    if (![remaining, limit, resetMs].every(Number.isFinite) || limit <= 0 || remaining < 0) return;
    // Answers come back in any order: within a window the lowest count is the latest; an older window is past.
    if (this.#resetMs !== undefined && resetMs < this.#resetMs) return;
    if (this.#resetMs === resetMs && this.#remaining !== undefined && remaining >= this.#remaining) return;
    this.#remaining = remaining;
    this.#limit = limit;
    this.#resetMs = resetMs;
  }

  /**
   * The least time between two writes of `requestsPerWrite` requests each, so that such a writer takes
   * at most half of what is left of the window beyond a reserve of 100 requests for the run: none while
   * more than half of the limit is left (or nothing is known, or the window is over), the rest of the
   * window once only the reserve is left.
   */
  spacingMs(requestsPerWrite: number, nowMs: number = Date.now()): number {
    if (this.#remaining === undefined || this.#limit === undefined || this.#resetMs === undefined) return 0;
    const windowLeft = this.#resetMs - nowMs;
    if (windowLeft <= 0 || this.#remaining * 2 >= this.#limit) return 0;
    const usable = this.#remaining - Math.min(RESERVE, this.#limit / 10);
    if (usable <= 0) return windowLeft;
    return Math.min(windowLeft, Math.ceil((windowLeft * requestsPerWrite * 2) / usable));
  }
}
