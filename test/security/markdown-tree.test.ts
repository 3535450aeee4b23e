import { describe, expect, it } from 'vitest';
import { MAX_MARKUP, markdownTree, plainHeavyMarkup } from '../../src/security/markdown-tree.ts';

describe('markdownTree', () => {
  it('leaves text with ordinary amounts of markup as written', () => {
    const text = '[a](https://x.test) and | a | table |';
    expect(plainHeavyMarkup(text)).toBe(text);
    expect(markdownTree(text, 'commonmark').source).toBe(text);
  });

  it('makes brackets or pipes plain (fullwidth) past MAX_MARKUP of them, so no parse can take quadratic time', () => {
    const brackets = `[${']'.repeat(MAX_MARKUP)}`;
    expect(plainHeavyMarkup(brackets)).toBe(`\uFF3B${'\uFF3D'.repeat(MAX_MARKUP)}`);
    const pipes = '|'.repeat(MAX_MARKUP + 1);
    expect(plainHeavyMarkup(pipes)).toBe('\uFF5C'.repeat(MAX_MARKUP + 1));
  });

  it('reads GitHub’s Markdown with stray brackets made plain and real links kept', () => {
    const { source, tree } = markdownTree('[stray and [a](https://x.test) then words', 'github');
    expect(source).toBe('\uFF3Bstray and [a](https://x.test) then words');
    const paragraph = tree.children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.some((node) => node.type === 'link')).toBe(true);
  });
});
