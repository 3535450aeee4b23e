import { setTimeout as sleep } from 'node:timers/promises';

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

/** Whether the SDK asks again after this error answer (its `shouldRetry`), retries left aside. */
function sdkRetries(response: Response): boolean {
  const told = response.headers.get('x-should-retry');
  if (told === 'true' || told === 'false') return told === 'true';
  return response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
}

/** The call a request belongs to, for waiting out its retry-after: its signal, and whether a request is left to it. */
export interface RetryingCall {
  readonly signal: AbortSignal;
  readonly retriesLeft: boolean;
}

/**
 * `fetch` whose error answers ask the SDK for no wait longer than `maxWaitMs`. The SDK waits out any
 * `retry-after` it is given before it retries, in a sleep no signal ends: a 429 asking for an hour held a
 * cancelled call, and a planner's or judge's past the run's timeout, for that hour (found by an adversarial
 * pass). A wait past `maxWaitMs`, below 0 or unreadable is taken off the answer, and the SDK backs off as
 * it does when none is given (as it did before v5, and as the call's deadline counts on). A wait it takes before
 * it asks again is waited here, on the call's signal (`callOf`), and the SDK told to wait 0 ms: its sleep, which a
 * cancel leaves running, held the process up to a minute past the run's end (found by a review).
 */
export function boundingRetryWaits(inner: typeof fetch, maxWaitMs: number, callOf: () => RetryingCall | undefined = () => undefined, now: () => number = Date.now): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    // A status `Response` cannot take (it allows 200–599) is passed on as it came.
    if (response.ok || response.status < 200 || response.status > 599) return response;
    const wait = sdkWaitMs(response.headers, now());
    if (wait === undefined) return response;
    const taken = wait >= 0 && wait <= maxWaitMs;
    const call = taken ? callOf() : undefined;
    // An answer the SDK does not ask again after is read whole, its retry-after kept for the error.
    if (taken && !(call && call.retriesLeft && sdkRetries(response))) return response;
    const headers = new Headers(response.headers);
    headers.delete('retry-after-ms');
    headers.delete('retry-after');
    if (!call) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    // The SDK cancels the body of an answer it asks again after: cancelled before the wait, the request is an
    // answer, not one abandoned, when the call is cancelled during it.
    await response.body?.cancel();
    await sleep(wait, undefined, { signal: call.signal });
    headers.set('retry-after-ms', '0');
    return new Response(null, { status: response.status, statusText: response.statusText, headers });
  };
}
