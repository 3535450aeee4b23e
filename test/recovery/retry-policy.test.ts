import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, resolveRetryPolicy, retryDelayMs } from '../../src/run/retry-policy.ts';

describe('retry policy', () => {
  it('defaults to 3 attempts, 1 s, backoff 2, at most 30 s', () => {
    expect(resolveRetryPolicy()).toEqual({ maxAttempts: 3, initialMs: 1000, backoff: 2, maxMs: 30_000 });
  });

  it("takes the step's fields over the tool's, field by field, durations in any unit", () => {
    expect(resolveRetryPolicy({ max_attempts: 5 }, { max_attempts: 2, initial_interval: '500ms', max_interval: '1m' })).toEqual({
      maxAttempts: 5,
      initialMs: 500,
      backoff: 2,
      maxMs: 60_000,
    });
  });

  // Found by an adversarial pass: `initial_interval: 2m` alone waited at most 30 s (the default max_interval) before
  // the first retry, so a plan asking for long waits got short ones without a word.
  it('waits up to the initial_interval written when no max_interval is, though it is past the default 30 s', () => {
    const policy = resolveRetryPolicy({ initial_interval: '2m' });
    expect(policy.maxMs).toBe(120_000);
    expect(retryDelayMs(policy, 1, () => 0.999_999)).toBe(120_000);
    expect(resolveRetryPolicy({ initial_interval: '2m' }, { max_interval: '10s' }).maxMs).toBe(10_000);
    expect(resolveRetryPolicy({ initial_interval: '5s' }).maxMs).toBe(30_000);
  });

  it('backs off exponentially under the cap, scaled by full jitter', () => {
    const top = (retry: number) => retryDelayMs(DEFAULT_RETRY_POLICY, retry, () => 0.999_999);
    expect([1, 2, 3, 4, 5, 6].map(top)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 3, () => 0.25)).toBe(1000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 3, () => 0)).toBe(0);
  });

  it('honours a retry-after exactly, but never past max_interval', () => {
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0, 7_000)).toBe(7_000);
    expect(retryDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0, 120_000)).toBe(30_000);
  });
});
