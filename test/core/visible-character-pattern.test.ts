import { describe, expect, it } from 'vitest';
import { hasVisibleText, INVISIBLE, VISIBLE_CHARACTER_PATTERN } from '../../src/core/invisible-characters.ts';

describe('VISIBLE_CHARACTER_PATTERN', () => {
  // Written out for editors that read a pattern without the `u` flag; it must stay what INVISIBLE and `\s` say.
  it('finds exactly the characters of the Basic Multilingual Plane that are neither spaces nor invisible', () => {
    const visible = new RegExp(VISIBLE_CHARACTER_PATTERN);
    const hidden = new RegExp(`\\s|${INVISIBLE.source}`, 'u');
    const disagreeing: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      if (visible.test(character) === hidden.test(character)) disagreeing.push(code.toString(16));
    }
    expect(disagreeing).toEqual([]);
  });

  it.each([' ', '\u200b', ' \u00a0\ufeff\t'])('refuses the blank text %j, as hasVisibleText does', (text) => {
    expect([new RegExp(VISIBLE_CHARACTER_PATTERN).test(text), hasVisibleText(text)]).toEqual([false, false]);
  });
});
