/** Longest wait a server's `retry-after` may ask for; beyond it, the hint is ignored. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/** Reads one response header by name (lower case); `Headers.get` and a plain record both fit. */
export type HeaderReader = (name: string) => string | null | undefined;

/** A `HeaderReader` over a plain header record, as Octokit errors carry them. */
export function headerRecord(headers: Readonly<Record<string, string | number | undefined>> | undefined): HeaderReader {
  return (name) => {
    const value = headers?.[name];
    return value === undefined ? undefined : String(value);
  };
}

/**
 * Milliseconds a server asked to wait, from `retry-after-ms` (OpenAI), `retry-after` (seconds or an
 * HTTP date) or GitHub's `x-ratelimit-reset` (epoch seconds) when `x-ratelimit-remaining` is 0.
 * `undefined` when none is given, or when the wait is beyond `MAX_RETRY_AFTER_MS`.
 */
export function retryAfterMs(header: HeaderReader, now: number = Date.now()): number | undefined {
  const retryAfter = header('retry-after')?.trim();
  const inMs = header('retry-after-ms')?.trim();
  let wait: number | undefined;
  if (inMs !== undefined && /^\d+(\.\d+)?$/.test(inMs)) wait = Number(inMs);
  else if (retryAfter !== undefined && retryAfter !== '') {
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
