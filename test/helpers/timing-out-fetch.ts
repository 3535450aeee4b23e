import type { FakeGitHub } from './github-server.ts';

/**
 * A `fetch` for an Octokit on `github` under which one request times out: the `nth` to `operationId`
 * (counting from 1), `ms` after the fake has read it. That is the request a test has the fake hold back
 * (`hang`, `lateMs`); every other request has the Octokit's own timeout. A short timeout on every request
 * also timed out, on a loaded machine, requests that had to succeed; and one counted from the send could
 * end the held request before the fake had read it, when the fault meant for it met the next request.
 * It hooks `github.onRequest`, calling the hook set before it: set none after.
 */
export function timingOutFetch(github: FakeGitHub, operationId: string, ms: number, nth = 1): typeof fetch {
  const sent: { method: string; path: string; controller: AbortController }[] = [];
  let seen = 0;
  const before = github.onRequest;
  github.onRequest = (request) => {
    before?.(request);
    if (request.operationId !== operationId || ++seen !== nth) return;
    const held = sent.find((entry) => entry.method === request.method && entry.path === request.path);
    // The reason `AbortSignal.timeout` gives: the client sees the timeout it would have seen.
    if (held) setTimeout(() => held.controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  };
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const entry = { method: init?.method ?? 'GET', path: url.pathname, controller: new AbortController() };
    sent.push(entry);
    try {
      return await fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, entry.controller.signal]) : entry.controller.signal });
    } finally {
      sent.splice(sent.indexOf(entry), 1);
    }
  };
}
