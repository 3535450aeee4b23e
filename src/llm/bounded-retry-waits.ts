/**
 * The wait the `openai` SDK takes from an answer's `retry-after-ms` or `retry-after` before it asks again, read
 * as the SDK reads them (`retryRequest`): undefined when neither says one.
 */
function sdkWaitMs(headers: Headers, now: number): number | undefined {
  const inMs = headers.get('retry-after-ms');
  const fromMs = inMs ? Number.parseFloat(inMs) : Number.NaN;
  if (!Number.isNaN(fromMs) && fromMs !== 0) return fromMs;
  const retryAfter = headers.get('retry-after');
  if (!retryAfter) return Number.isNaN(fromMs) ? undefined : fromMs;
  const seconds = Number.parseFloat(retryAfter);
  return Number.isNaN(seconds) ? Date.parse(retryAfter) - now : seconds * 1000;
}

/**
 * `fetch` whose error answers ask the SDK for no wait longer than `maxWaitMs`. The SDK waits out any
 * `retry-after` it is given before it retries, in a sleep no signal ends: a 429 asking for an hour held a
 * cancelled call, and a planner's or judge's past the run's timeout, for that hour (found by an adversarial
 * pass). A wait past `maxWaitMs`, below 0 or unreadable is taken off the answer, and the SDK backs off as
 * it does when none is given (as it did before v5, and as the call's deadline counts on).
 */
export function boundingRetryWaits(inner: typeof fetch, maxWaitMs: number, now: () => number = Date.now): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    // A status `Response` cannot take (it allows 200–599) is passed on as it came.
    if (response.ok || response.status < 200 || response.status > 599) return response;
    const wait = sdkWaitMs(response.headers, now());
    if (wait === undefined || (wait >= 0 && wait <= maxWaitMs)) return response;
    const headers = new Headers(response.headers);
    headers.delete('retry-after-ms');
    headers.delete('retry-after');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
