import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInexactNumber, mayWriteUnsafeNumber } from '../../src/core/parse-json-keeping-numbers.ts';

describe('mayWriteUnsafeNumber', () => {
  // A SHA or a UUID holds `1e4`-like runs: read as numbers, they had most tool arguments parsed a second time.
  it('is false for arguments whose only digits are in hex strings', () => {
    for (const text of [
      '{"sha": "1e4f9c0a7b3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f"}',
      '{"id": "550e8400-e29b-41d4-a716-446655440000", "ref": "refs/heads/1e5"}',
      '{"run": ["0123456789012345678e", "9E9"], "page": 2}',
    ]) {
      expect(mayWriteUnsafeNumber(text), text).toBe(false);
      expect(firstInexactNumber(text), text).toBeUndefined();
    }
  });

  it('is true for any number written in 16 digits on or with an exponent, wherever JSON can write it', () => {
    const token = fc.stringMatching(/^-?(0|[1-9][0-9]{0,20})(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?$/);
    const placed = fc.tuple(token, fc.constantFrom('%', '[%]', '{"a":%}', '{"a" : %}', '[1,%]', '[1, %]', '{"a":\n\t%}', '["1e5",%]'));
    fc.assert(
      fc.property(placed, ([number, shape]) => {
        const text = shape.replace('%', number);
        if (/[0-9]{16}|[eE]/.test(number)) expect(mayWriteUnsafeNumber(text), text).toBe(true);
      }),
    );
    expect(firstInexactNumber('{"sha": "1e4f9c0a", "limit": 9007199254740993}')).toEqual({ written: '9007199254740993', read: 9007199254740992 });
    expect(firstInexactNumber('[0.00000000000000000000000000000000000000000000000000000000000000000000000000000000001e-300]')?.read).toBe(0);
  });
});
