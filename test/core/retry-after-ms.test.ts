import { describe, expect, it } from 'vitest';
import { headerRecord, MAX_RETRY_AFTER_MS, retryAfterMs } from '../../src/core/retry-after-ms.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const from = (headers: Record<string, string>) => retryAfterMs(headerRecord(headers), NOW);

describe('retryAfterMs', () => {
  it('reads milliseconds, seconds and HTTP dates', () => {
    expect(from({ 'retry-after-ms': '250' })).toBe(250);
    expect(from({ 'retry-after': '7' })).toBe(7000);
    expect(from({ 'retry-after': '1.5' })).toBe(1500);
    expect(from({ 'retry-after': 'Fri, 01 May 2026 12:00:30 GMT' })).toBe(30_000);
    expect(from({ 'retry-after': 'Fri, 01 May 2026 11:00:00 GMT' })).toBe(0);
  });

  it('prefers retry-after-ms over retry-after', () => {
    expect(from({ 'retry-after-ms': '120', 'retry-after': '9' })).toBe(120);
  });

  it("reads GitHub's x-ratelimit-reset only when no requests are left", () => {
    const reset = String(NOW / 1000 + 42);
    expect(from({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })).toBe(42_000);
    expect(from({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': reset })).toBeUndefined();
  });

  it('ignores absent or unreadable hints and waits beyond the cap', () => {
    expect(from({})).toBeUndefined();
    expect(from({ 'retry-after': 'soon' })).toBeUndefined();
    expect(from({ 'retry-after': String(MAX_RETRY_AFTER_MS / 1000 + 1) })).toBeUndefined();
    expect(from({ 'retry-after': String(MAX_RETRY_AFTER_MS / 1000) })).toBe(MAX_RETRY_AFTER_MS);
  });

  // Found by an adversarial pass: Date.parse reads much that is no date (`-1` and `+5` as 2001), so a malformed hint
  // asked for no wait and a step was retried at once, without backoff; and an asctime date, GMT by HTTP's rule, was
  // read in the runner's time zone (9 hours early in Tokyo: no wait either).
  it('takes text that is no HTTP date for no hint', () => {
    for (const text of ['-1', '+5', '10-20', '1 2', '0.5.1']) expect(from({ 'retry-after': text }), text).toBeUndefined();
  });

  it('reads an asctime or RFC 850 date as GMT whatever the runner’s time zone', () => {
    const zone = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo';
    try {
      expect(from({ 'retry-after': 'Fri May  1 12:00:30 2026' })).toBe(30_000);
      expect(from({ 'retry-after': 'Friday, 01-May-26 12:00:30 GMT' })).toBe(30_000);
      expect(from({ 'retry-after': 'Fri, 01 May 2026 12:00:30 GMT' })).toBe(30_000);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('reads a Headers object through its get', () => {
    const headers = new Headers({ 'Retry-After': '3' });
    expect(retryAfterMs((name) => headers.get(name), NOW)).toBe(3000);
  });
});
