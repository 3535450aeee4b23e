import { describe, expect, it } from 'vitest';
import { cutText, cutTextStart, keptUnits } from '../../src/core/cut-text.ts';

const HALF = /[\uD800-\uDFFF]/;

describe('cuts between characters', () => {
  it('keeps a cut’s units, one less where the cut would fall inside an emoji', () => {
    expect(keptUnits('ab😀c', 3)).toBe(2);
    expect(keptUnits('ab😀c', 4)).toBe(4);
    expect(keptUnits('ab', 5)).toBe(2);
    expect(keptUnits('ab', 0)).toBe(0);
  });

  it('cuts a text’s start with `…` and no half of an emoji left', () => {
    const text = `${'😀'.repeat(10)}end`;
    for (let max = 1; max < text.length; max++) {
      const cut = cutTextStart(text, max);
      expect(cut.startsWith('…')).toBe(true);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')).not.toMatch(HALF);
      expect(text.endsWith(cut.slice(1))).toBe(true);
    }
    expect(cutTextStart('short', 10)).toBe('short');
  });

  it('cuts a text’s end with `…` and no half of an emoji left', () => {
    const text = `a${'😀'.repeat(10)}`;
    for (let max = 1; max < text.length; max++) expect(cutText(text, max).replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')).not.toMatch(HALF);
  });
});
