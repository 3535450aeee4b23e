import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmTable } from 'micromark-extension-gfm-table';

/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
export const MAX_MARKUP = 2_000;

// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub's Markdown is CommonMark with the GFM extensions: tables and footnotes change the blocks (a
// table cell ends a code span, a footnote's indented lines are not code), and URLs GitHub links in
// running text can swallow what follows them (a backtick that opened a code span). Without the tree
// transform that finds more such URLs in text: its links have no position to rewrite, and callers
// look for URLs in text nodes themselves. Strikethrough decides nothing here.
const BLOCKS = { extensions: [gfmTable(), gfmFootnote(), NO_EMPHASIS], mdastExtensions: [gfmTableFromMarkdown(), gfmFootnoteFromMarkdown()] };
const GITHUB = {
  extensions: [gfmTable(), gfmFootnote(), gfmAutolinkLiteral(), NO_EMPHASIS],
  mdastExtensions: [gfmTableFromMarkdown(), gfmFootnoteFromMarkdown(), { ...gfmAutolinkLiteralFromMarkdown(), transforms: [] }],
};

/**
 * `source` with each bracket that opens or closes no link made plain (fullwidth). The autolinked-URL
 * extension looks back from each word for an unclosed `[`: behind one stray `[`, 64 KiB of prose took
 * 2 s. Which brackets are stray is read from a parse without that extension, which is linear.
 */
function withoutStrayBrackets(source: string): string {
  if (!source.includes('[') && !source.includes(']')) return source;
  const stray: number[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'text' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined) {
      let slashes = 0;
      for (let at = node.position.start.offset; at < node.position.end.offset; at++) {
        const char = source[at];
        if ((char === '[' || char === ']') && slashes % 2 === 0) stray.push(at);
        slashes = char === '\\' ? slashes + 1 : 0;
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(fromMarkdown(source, BLOCKS));
  if (stray.length === 0) return source;
  let out = '';
  let from = 0;
  for (const at of stray) {
    out += source.slice(from, at) + (source[at] === '[' ? '\uFF3B' : '\uFF3D');
    from = at + 1;
  }
  return out + source.slice(from);
}

/** A parsed text, and the text that was parsed: `tree`'s positions are offsets into `source`. */
export interface MarkdownTree {
  readonly source: string;
  readonly tree: Root;
}

/** How many of `chars` are in `text`. */
function count(text: string, chars: string): number {
  let found = 0;
  for (let at = 0; at < text.length; at++) if (chars.includes(text[at]!)) found++;
  return found;
}

/**
 * `text` with markup whose parse would not take linear time made plain: past MAX_MARKUP brackets,
 * every `[` and `]` becomes its fullwidth form (［ ］), which Markdown reads as text (micromark
 * looks back from each `]` for the `[` it closes: 32 KiB of `]` took 8 s; escaping them instead
 * made as many escape tokens, which cost the same); past MAX_MARKUP table pipes, every `|` (｜).
 * Text under the limits is unchanged.
 */
export function plainHeavyMarkup(text: string): string {
  let out = text;
  if (count(out, '[]') > MAX_MARKUP) out = out.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
  if (count(out, '|') > MAX_MARKUP) out = out.replaceAll('|', '\uFF5C');
  return out;
}

/**
 * `text` parsed for its links, images, definitions, HTML and code, as CommonMark or as GitHub
 * renders it (`github`), in time that grows with its length whoever wrote it: emphasis is not
 * parsed, heavy markup is made plain first (`plainHeavyMarkup`) and, for GitHub, stray brackets
 * too; so `source` may differ from `text`.
 */
export function markdownTree(text: string, flavour: 'commonmark' | 'github'): MarkdownTree {
  if (flavour === 'commonmark') {
    const source = plainHeavyMarkup(text);
    return { source, tree: fromMarkdown(source, COMMONMARK) };
  }
  const source = withoutStrayBrackets(plainHeavyMarkup(text));
  return { source, tree: fromMarkdown(source, GITHUB) };
}
