/** The redirects a write follows: those fetch sends on with the same method and body. */
const METHOD_KEEPING = new Set([307, 308]);
const MAX_REDIRECTS = 5;

/**
 * `base` for Octokit, where a write (any method but GET and HEAD) that asks to follow redirects follows only a 307 or
 * 308 within GitHub's origin: fetch sends a POST on a 301 or 302 (and any write on a 303) as a GET, whose answer
 * Octokit took for the write's own. A PR comment on an issue transferred mid-run read the other repository's comments
 * and counted as made, and none was made, with no word (found by an adversarial pass). Any other redirect is answered
 * as it came, which `createOctokit` makes a `RedirectNotFollowedError`.
 */
export function keepingWriteMethod(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' || method === 'HEAD' || (init?.redirect ?? 'follow') !== 'follow' || input instanceof Request) return base(input, init);
    let url = String(input);
    for (let hop = 0; ; hop++) {
      const response = await base(url, { ...init, redirect: 'manual' });
      const location = response.headers.get('location');
      if (!METHOD_KEEPING.has(response.status) || location === null || hop >= MAX_REDIRECTS) return response;
      const next = new URL(location, url);
      // The token goes to the origin it was given for only.
      if (next.origin !== new URL(url).origin) return response;
      await response.body?.cancel();
      url = next.href;
    }
  };
}
