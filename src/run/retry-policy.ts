import { durationMs, type RetryPolicy } from '../plan/schema.ts';

/** A `retry:` block with its defaults applied, in milliseconds. */
export interface ResolvedRetryPolicy {
  readonly maxAttempts: number;
  readonly initialMs: number;
  readonly backoff: number;
  readonly maxMs: number;
}

export const DEFAULT_RETRY_POLICY: ResolvedRetryPolicy = { maxAttempts: 3, initialMs: 1_000, backoff: 2, maxMs: 30_000 };

/**
 * The step's `retry:` over its tool's over the defaults, field by field. With no `max_interval` written, the cap is
 * the default's or the `initial_interval` written, the longer: `initial_interval: 2m` alone waited at most 30 s.
 */
export function resolveRetryPolicy(step?: RetryPolicy, tool?: RetryPolicy): ResolvedRetryPolicy {
  const pick = <K extends keyof RetryPolicy>(key: K): RetryPolicy[K] => step?.[key] ?? tool?.[key];
  const initial = pick('initial_interval');
  const max = pick('max_interval');
  const initialMs = initial === undefined ? DEFAULT_RETRY_POLICY.initialMs : durationMs(initial);
  return {
    maxAttempts: pick('max_attempts') ?? DEFAULT_RETRY_POLICY.maxAttempts,
    initialMs,
    backoff: pick('backoff') ?? DEFAULT_RETRY_POLICY.backoff,
    maxMs: max === undefined ? Math.max(DEFAULT_RETRY_POLICY.maxMs, initialMs) : durationMs(max),
  };
}

/**
 * How long to wait before retry number `retry` (1 = the first retry). A server's `retry-after`
 * is honoured up to `maxMs`; otherwise exponential backoff with full jitter (`random()` in [0, 1)),
 * so many runs hitting one server do not retry in lockstep.
 */
export function retryDelayMs(policy: ResolvedRetryPolicy, retry: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), policy.maxMs);
  const ceiling = Math.min(policy.maxMs, policy.initialMs * policy.backoff ** (retry - 1));
  return Math.round(random() * ceiling);
}
