import { describe, expect, it } from 'vitest';
import { trailingRunAlternative } from '../../scripts/no-trailing-run-regex.ts';

describe('the ESLint rule against repetitions before $ without ^', () => {
  it('finds the alternative that repeats before $ without ^', () => {
    expect(trailingRunAlternative('\\.+$')).toBe('\\.+$');
    expect(trailingRunAlternative('[. ]+$')).toBe('[. ]+$');
    expect(trailingRunAlternative('^-+|-+$')).toBe('-+$');
    expect(trailingRunAlternative('!\\S*\\s*$')).toBe('!\\S*\\s*$');
    expect(trailingRunAlternative('a(?:b|c)+$')).toBe('a(?:b|c)+$');
    expect(trailingRunAlternative('x\\s{2,}$')).toBe('x\\s{2,}$');
    expect(trailingRunAlternative('(a+)$')).toBe('(a+)$');
    expect(trailingRunAlternative('a+?$')).toBe('a+?$');
    // An anchor in a group or a lookahead, and one after an escaped backslash (found by a review).
    expect(trailingRunAlternative('(?:\\.+$)')).toBe('(?:\\.+$)');
    expect(trailingRunAlternative('\\.+(?=$)')).toBe('\\.+(?=$)');
    expect(trailingRunAlternative('x+\\\\$')).toBe('x+\\\\$');
    // With the m flag, ^ is each line's start: '[cut: x' and U+2028 repeated took 15 s at 512 KiB.
    expect(trailingRunAlternative('^\\[cut: [^\\n]*\\]\\r?$', 'm')).toBe('^\\[cut: [^\\n]*\\]\\r?$');
  });

  it('lets through what tries one start, a bounded count, and a literal $', () => {
    expect(trailingRunAlternative('^\\d+$')).toBeUndefined();
    expect(trailingRunAlternative('^\\s*-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)\\s*$')).toBeUndefined();
    expect(trailingRunAlternative('-\\d{4}-\\d{2}-\\d{2}$')).toBeUndefined();
    expect(trailingRunAlternative('[|]+x')).toBeUndefined();
    expect(trailingRunAlternative('a+\\$')).toBeUndefined();
    expect(trailingRunAlternative('^[(|]+$')).toBeUndefined();
  });
});
