import { describe, expect, it } from 'vitest';
import { trimEndChars } from '../../src/core/trim-end-chars.ts';

describe('trimEndChars', () => {
  it('returns what replacing the run of those characters at the end with nothing returns', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['Connection error.', '.', /\.+$/],
      ['Connection error...', '.', /\.+$/],
      ['...', '.', /\.+$/],
      ['', '.', /\.+$/],
      ['a.b', '.', /\.+$/],
      ['.git. . .', '. ', /[. ]+$/],
      ['.git . x', '. ', /[. ]+$/],
      ['https://github.example///', '/', /\/+$/],
      ['QUJD==', '=', /=+$/],
      ['a-b--', '-', /-+$/],
    ];
    for (const [text, chars, pattern] of cases) expect(trimEndChars(text, chars), text).toBe(text.replace(pattern, ''));
  });

  it('returns the same string when nothing is trimmed', () => {
    const text = 'no dots at the end';
    expect(trimEndChars(text, '.')).toBe(text);
  });
});
