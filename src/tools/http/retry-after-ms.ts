/** Longest wait a server's `retry-after` may ask for; beyond it, the hint is ignored. */
const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/**
 * Milliseconds a server asked to wait, from `retry-after` (seconds or an HTTP date) or GitHub's
 * `x-ratelimit-reset` (epoch seconds) when `x-ratelimit-remaining` is 0; `undefined` when absent.
 */
export function retryAfterMs(
  header: (name: string) => string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const retryAfter = header('retry-after')?.trim();
  let wait: number | undefined;
  if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) wait = Number(retryAfter) * 1000;
    else {
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) wait = Math.max(0, date - now);
    }
  } else if (header('x-ratelimit-remaining') === '0') {
    const reset = Number(header('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) wait = Math.max(0, reset * 1000 - now);
  }
  if (wait === undefined || wait > MAX_RETRY_AFTER_MS) return undefined;
  return Math.round(wait);
}
