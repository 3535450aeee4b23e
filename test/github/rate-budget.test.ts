import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../src/github/rate-budget.ts';

const NOW = Date.UTC(2026, 11, 3, 12);
const HOUR = 3_600_000;

function headers(remaining: number, options: { limit?: number; resetMs?: number; resource?: string } = {}) {
  const values: Record<string, string> = {
    'x-ratelimit-limit': String(options.limit ?? 1000),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String((options.resetMs ?? NOW + HOUR) / 1000),
    ...(options.resource !== undefined && { 'x-ratelimit-resource': options.resource }),
  };
  return (name: string) => values[name];
}

describe('RateBudget', () => {
  it('asks for no spacing while nothing is known or more than half the limit is left', () => {
    const budget = new RateBudget();
    expect(budget.spacingMs(2, NOW)).toBe(0);
    budget.observe(headers(500));
    expect(budget.spacingMs(2, NOW)).toBe(0);
  });

  it('then spaces writes so they take at most half of what is left beyond the reserve, until the window ends', () => {
    const budget = new RateBudget();
    budget.observe(headers(499));
    // 399 requests beyond the reserve of 100, half of them for writes of 2: one every 3,600 s × 4 / 399.
    expect(budget.spacingMs(2, NOW)).toBe(Math.ceil((HOUR * 4) / 399));
    expect(budget.spacingMs(1, NOW + HOUR / 2)).toBe(Math.ceil((HOUR / 2) * 2 / 399));
    budget.observe(headers(150));
    expect(budget.spacingMs(2, NOW)).toBe(Math.ceil((HOUR * 4) / 50));
    // Only the reserve left: no write until the window ends; none asked once it has.
    budget.observe(headers(100));
    expect(budget.spacingMs(2, NOW)).toBe(HOUR);
    expect(budget.spacingMs(2, NOW + HOUR)).toBe(0);
  });

  it('keeps a tenth of a small limit as the reserve', () => {
    const budget = new RateBudget();
    budget.observe(headers(30, { limit: 100 }));
    expect(budget.spacingMs(1, NOW)).toBe(Math.ceil((HOUR * 2) / 20));
  });

  it('takes the lowest count of a window and the newest window, whatever order the answers come in', () => {
    const budget = new RateBudget();
    budget.observe(headers(300));
    budget.observe(headers(400));
    expect(budget.spacingMs(1, NOW)).toBe(Math.ceil((HOUR * 2) / 200));
    budget.observe(headers(990, { resetMs: NOW + 2 * HOUR }));
    expect(budget.spacingMs(1, NOW)).toBe(0);
    budget.observe(headers(10));
    expect(budget.spacingMs(1, NOW)).toBe(0);
  });

  it('ignores answers of another resource and answers without the headers', () => {
    const budget = new RateBudget();
    budget.observe(headers(1, { resource: 'search' }));
    budget.observe(() => undefined);
    budget.observe(headers(Number.NaN));
    budget.observe((name) => (name === 'x-ratelimit-remaining' ? '' : headers(1)(name)));
    expect(budget.spacingMs(1, NOW)).toBe(0);
    budget.observe(headers(200, { resource: 'core' }));
    expect(budget.spacingMs(1, NOW)).toBeGreaterThan(0);
  });
});
