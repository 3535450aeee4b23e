/**
 * `AbortSignal.timeout(ms)` for any `ms` a plan's seconds give: Node refuses a delay that is not a whole
 * number ("The value of "delay" is out of range. It must be an integer"), and `timeout_seconds: 0.1234` is
 * 123.39999999999999 ms, so every call of such a tool failed with that message instead of running. Rounded
 * up: a limit is never shorter than the one given. The one way the code makes such a signal (lint rule).
 */
export function timeoutSignal(ms: number): AbortSignal {
  // eslint-disable-next-line no-restricted-syntax -- the one call, its delay made whole
  return AbortSignal.timeout(Math.max(0, Math.ceil(ms)));
}
