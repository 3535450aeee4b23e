import { describe, expect, it } from 'vitest';
import { MAX_HTML_OPENERS, MAX_LINE_NESTING, MAX_MARKUP, MAX_UNDERLINES, markdownTree, plainHeavyMarkup } from '../../src/security/markdown-tree.ts';

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

  it('escapes setext underlines past MAX_UNDERLINES of them, and a line opened by more than MAX_LINE_NESTING markers', () => {
    // micromark resolves each underline against the text before it: 16 KiB of '=\n' took 2.7 s.
    const underlines = 'a\n=\n'.repeat(MAX_UNDERLINES + 1);
    expect(plainHeavyMarkup(underlines)).toBe('a\n\\=\n'.repeat(MAX_UNDERLINES + 1));
    expect(plainHeavyMarkup('a\n=\n'.repeat(MAX_UNDERLINES))).toBe('a\n=\n'.repeat(MAX_UNDERLINES));
    const deep = `${'> '.repeat(MAX_LINE_NESTING + 1)}x`;
    expect(plainHeavyMarkup(deep)).toBe(`\\${deep}`);
    expect(plainHeavyMarkup(`${'> '.repeat(MAX_LINE_NESTING)}x`)).toBe(`${'> '.repeat(MAX_LINE_NESTING)}x`);
  });

  it('makes inline HTML openers plain past MAX_HTML_OPENERS (each unclosed one ran to the end of its paragraph), and empties lines of only spaces', () => {
    expect(plainHeavyMarkup('x <?'.repeat(MAX_HTML_OPENERS + 1))).toBe('x \uFF1C?'.repeat(MAX_HTML_OPENERS + 1));
    expect(plainHeavyMarkup('x <?'.repeat(MAX_HTML_OPENERS))).toBe('x <?'.repeat(MAX_HTML_OPENERS));
    expect(plainHeavyMarkup('-\n  \n    x')).toBe('-\n\n    x');
    expect(plainHeavyMarkup('> -\n>   \n>     x')).toBe('> -\n>\n>     x');
  });

  it('reads GitHub’s Markdown with stray brackets made plain and real links kept', () => {
    const { source, tree } = markdownTree('[stray and [a](https://x.test) then words', 'github');
    expect(source).toBe('\uFF3Bstray and [a](https://x.test) then words');
    const paragraph = tree.children[0];
    expect(paragraph?.type === 'paragraph' && paragraph.children.some((node) => node.type === 'link')).toBe(true);
  });
});
