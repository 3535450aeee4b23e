import { describe, expect, it } from 'vitest';
import { jsonLine } from '../../src/core/json-line.ts';

describe('jsonLine', () => {
  it('writes U+2028, U+2029 and NEL as escapes, anywhere in the line, and leaves the rest as it was', () => {
    expect(jsonLine(JSON.stringify('a\u2028b\u2029c\u0085d'))).toBe(String.raw`"a\u2028b\u2029c\u0085d"`);
    expect(JSON.parse(jsonLine(JSON.stringify({ k: 'é\u2029' })))).toEqual({ k: 'é\u2029' });
    const plain = JSON.stringify({ text: 'déjà vu 日本語 \u0084\u0086' });
    expect(jsonLine(plain)).toBe(plain);
  });
});
