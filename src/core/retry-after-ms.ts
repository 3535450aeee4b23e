/** Longest wait a server's `retry-after` may ask for; beyond it, the hint is ignored. */
export const MAX_RETRY_AFTER_MS = 10 * 60 * 1000;

/** IMF-fixdate (`Fri, 01 May 2026 12:00:30 GMT`) and RFC 850 (`Friday, 01-May-26 12:00:30 GMT`), with the zone some servers write. */
const ZONED_HTTP_DATE = /^[A-Za-z]{3,9}, \d{1,2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} (?:GMT|UTC|[+-]\d{4})$/;
/** asctime (`Fri May  1 12:00:30 2026`), which names no zone: GMT, as every HTTP date is. */
const ASCTIME_DATE = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]?\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * An HTTP date (RFC 9110 §5.6.7) in ms since the epoch; NaN for any other text. `Date.parse` alone read much that
 * is no date (`-1` and `+5` as 2001: no wait asked), and an asctime date in the runner's time zone (found by an
 * adversarial pass).
 */
function httpDateMs(text: string): number {
  if (ZONED_HTTP_DATE.test(text)) return Date.parse(text);
  return ASCTIME_DATE.test(text) ? Date.parse(`${text} GMT`) : Number.NaN;
}

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
 * HTTP date) or GitHub's `x-ratelimit-reset` (epoch seconds) when `x-ratelimit-remaining` is 0, however long;
 * `undefined` when none is given.
 */
export function askedWaitMs(header: HeaderReader, now: number = Date.now()): number | undefined {
  const retryAfter = header('retry-after')?.trim();
  const inMs = header('retry-after-ms')?.trim();
  let wait: number | undefined;
  if (inMs !== undefined && /^\d+(\.\d+)?$/.test(inMs)) wait = Number(inMs);
  else if (retryAfter !== undefined && retryAfter !== '') {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) wait = Number(retryAfter) * 1000;
    else {
      const date = httpDateMs(retryAfter);
      if (!Number.isNaN(date)) wait = Math.max(0, date - now);
    }
  } else if (header('x-ratelimit-remaining') === '0') {
    const reset = Number(header('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) wait = Math.max(0, reset * 1000 - now);
  }
  return wait === undefined ? undefined : Math.round(wait);
}

/** `wait` when it is one to wait out, `undefined` when none was asked or it is beyond `MAX_RETRY_AFTER_MS`. */
export function waitWithinLimit(wait: number | undefined): number | undefined {
  return wait === undefined || wait > MAX_RETRY_AFTER_MS ? undefined : wait;
}

/** The wait a server asked for (`askedWaitMs`), `undefined` when none is given or when it is beyond `MAX_RETRY_AFTER_MS`. */
export function retryAfterMs(header: HeaderReader, now: number = Date.now()): number | undefined {
  return waitWithinLimit(askedWaitMs(header, now));
}
