import { describe, expect, it } from 'vitest';
import { visibleControls } from '../../src/core/visible-controls.ts';

// Each kind of character alone in its text: a quick test that missed one kind would return that text as it is.
describe('visibleControls', () => {
  it.each([
    ['a C0 control', 'a\u0001b', 'a\u2401b'],
    ['ESC', '\u001b[31m', '\u241b[31m'],
    ['a vertical tab', 'a\u000bb', 'a\u240bb'],
    ['a form feed', 'a\u000cb', 'a\u240cb'],
    ['a lone CR', 'done\rFAKE', 'done\u240dFAKE'],
    ['a CR at the end', 'done\r', 'done\u240d'],
    ['DEL', 'a\u007fb', 'a\u2421b'],
    ['a C1 control', 'a\u0085b', 'a\ufffdb'],
    ['a bidi override', 'a\u202eb', 'a\ufffdb'],
    ['a bidi isolate', 'a\u2066b\u2069', 'a\ufffdb\ufffd'],
  ])('shows %s', (_kind, text, shown) => {
    expect(visibleControls(text)).toBe(shown);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['line breaks', 'a\nb\r\nc'],
    ['the marks right-to-left writing uses', '\u05e9\u200f!\u200e'],
    ['plain text', 'Add 1 and 1'],
  ])('leaves %s as it is', (_kind, text) => {
    expect(visibleControls(text)).toBe(text);
  });

  it('gives the same answer however often it is asked', () => {
    for (let i = 0; i < 3; i++) expect([visibleControls('x\u0007'), visibleControls('plain'), visibleControls('\u0007y')]).toEqual(['x\u2407', 'plain', '\u2407y']);
  });
});
