import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupDigits } from '../../src/core/group-digits.ts';

afterEach(() => vi.restoreAllMocks());

describe('groupDigits', () => {
  it("writes any number exactly as toLocaleString('en-US') does", () => {
    for (const value of [0, -0, 1, -1, 999, 1_000, -1_000, 65_536, 999_999, 1_000_000, -123_456_789, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 1.5, -0.0005, 1234.5678, NaN, Infinity, -Infinity]) {
      expect(groupDigits(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.maxSafeInteger(), fc.double()), (value) => groupDigits(value) === value.toLocaleString('en-US')),
      { numRuns: 2_000 },
    );
  });

  it('does not ask ICU for a safe integer (its first use costs a process about 19 ms)', () => {
    const icu = vi.spyOn(Number.prototype, 'toLocaleString');
    expect([7, 1_234, -65_536, Number.MAX_SAFE_INTEGER].map(groupDigits)).toEqual(['7', '1,234', '-65,536', '9,007,199,254,740,991']);
    expect(icu).not.toHaveBeenCalled();
    expect(groupDigits(0.5)).toBe('0.5');
    expect(icu).toHaveBeenCalledTimes(1);
  });
});
