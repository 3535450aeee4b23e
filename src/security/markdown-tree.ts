import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmTable } from 'micromark-extension-gfm-table';
import { plainAutolinks } from './autolink-scan.ts';
import { bracketLookback, MAX_BRACKET_LOOKBACK, unlinkedAsOnGitHub } from './github-links-as-written.ts';
import { boundedMarkup } from './plain-markup.ts';

// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub's Markdown is CommonMark with the GFM extensions: tables and footnotes change the blocks (a
// table cell ends a code span, a footnote's indented lines are not code; GitHub shows a footnote only
// where the text refers to it), and URLs GitHub links in running text can swallow what follows them (a
// backtick that opened a code span, a footnote's reference). Without the tree transform that finds more
// such URLs in text: its links have no position to rewrite, and callers look for URLs in text nodes
// themselves. Strikethrough decides nothing here.
const BLOCKS = { extensions: [gfmTable(), gfmFootnote(), NO_EMPHASIS], mdastExtensions: [gfmTableFromMarkdown(), gfmFootnoteFromMarkdown()] };
const GITHUB = {
  extensions: [gfmTable(), gfmFootnote(), gfmAutolinkLiteral(), NO_EMPHASIS],
  mdastExtensions: [gfmTableFromMarkdown(), gfmFootnoteFromMarkdown(), { ...gfmAutolinkLiteralFromMarkdown(), transforms: [] }],
};

/** Whether the bracket at `at` is one of a task list item's box (`- [ ] todo`, `1. [x] done`). */
export function inTaskBox(source: string, at: number): boolean {
  const open = source[at] === '[' ? at : at - 2;
  if (!/^\[[ xX]\]/.test(source.slice(open, open + 3))) return false;
  let lineStart = open;
  while (lineStart > 0 && open - lineStart <= 16 && source[lineStart - 1] !== '\n' && source[lineStart - 1] !== '\r') lineStart--;
  return /^[ \t]{0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+$/.test(source.slice(lineStart, open));
}

/**
 * `source` with each bracket that opens or closes no link made plain (fullwidth). The autolinked-URL
 * extension looks back from each word for an unclosed `[`: behind one stray `[`, 64 KiB of prose took
 * 2 s. Which brackets are stray is read from a parse without that extension, which is linear.
 */
function withoutStrayBrackets(source: string): string {
  if (!source.includes('[') && !source.includes(']')) return source;
  const stray: number[] = [];
  for (const node of nodesOf(fromMarkdown(source, BLOCKS))) {
    const span = node.type === 'text' ? spanOf(node) : undefined;
    if (!span) continue;
    let slashes = 0;
    for (let at = span.start; at < span.end; at++) {
      const char = source[at];
      if ((char === '[' || char === ']') && slashes % 2 === 0 && !inTaskBox(source, at)) stray.push(at);
      slashes = char === '\\' ? slashes + 1 : 0;
    }
  }
  if (stray.length === 0) return source;
  let out = '';
  let from = 0;
  for (const at of stray) {
    out += source.slice(from, at) + (source[at] === '[' ? '\uFF3B' : '\uFF3D');
    from = at + 1;
  }
  return out + source.slice(from);
}

/** Every node of `tree`, parents before children, without recursion (Markdown nests as deep as its writer likes). */
export function* nodesOf(tree: Nodes): Generator<Nodes> {
  const stack: Nodes[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    yield node;
    if ('children' in node) for (const child of node.children.toReversed()) stack.push(child);
  }
}

/** Where `node` stands in the parsed source, by offsets, when the parser says. */
export function spanOf(node: Nodes): { start: number; end: number } | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start, end };
}

/** A rewrite of `source.slice(start, end)` to `text`. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * `source` with `edits` made, built in one pass (slicing the whole text once per edit took time that
 * grew with edits × length). An edit that starts inside one already made is dropped: a node's own
 * rewrite covers its children's.
 */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  if (edits.length === 0) return source;
  let out = '';
  let at = 0;
  for (const edit of edits.toSorted((a, b) => a.start - b.start)) {
    if (edit.start < at) continue;
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

/** A parsed text, and the text that was parsed: `tree`'s positions are offsets into `source`. */
export interface MarkdownTree {
  readonly source: string;
  readonly tree: Root;
  /**
   * A limit of `plainHeavyMarkup` was passed, or `github-as-written` made stray brackets plain: brackets,
   * markers or backticks in `source` are plain that GitHub reads as markup, so the tree may lack images,
   * titles and definitions a page hides.
   */
  readonly bounded: boolean;
  /**
   * `source` with the brackets `github` made plain (stray ones, one character each) as they were, at
   * the same offsets: what to apply edits to, to leave the text as written. `source` where it differs more.
   */
  readonly written: string;
  /** Past MAX_AUTOLINK_SCAN, `github` broke each URL GitHub links in text with a U+200B: the tree has none of them. */
  readonly urlsBroken: boolean;
}

/**
 * `text` parsed for its links, images, definitions, HTML and code, as CommonMark or as GitHub
 * renders it (`github`), in time that grows with its length whoever wrote it: emphasis is not
 * parsed, heavy markup is made plain first (`plainHeavyMarkup`) and, for GitHub, stray brackets
 * too; so `source` may differ from `text`.
 */
export function markdownTree(
  text: string,
  /**
   * `github-blocks`: GitHub's blocks (tables, footnotes), without the URLs it links in running text.
   * `github-as-written`: GitHub's flavour with brackets as written, where the parse stays linear, so
   * that URLs are linked where GitHub links them (see `github-links-as-written.ts`); past that, as
   * `github` and `bounded`. Both are for reading what a page shows.
   */
  flavour: 'commonmark' | 'github-blocks' | 'github' | 'github-as-written',
  /** Applied to the text before it is parsed when a limit of `plainHeavyMarkup` was passed. */
  whenBounded: (source: string) => string = (source) => source,
): MarkdownTree {
  const made = boundedMarkup(text);
  const asWritten = flavour === 'github-as-written';
  const strayPlain = !asWritten || bracketLookback(made.text) > MAX_BRACKET_LOOKBACK;
  const reading = asWritten || flavour === 'github-blocks';
  const bounded = made.bounded || (asWritten && strayPlain);
  const plain = made.bounded ? whenBounded(made.text) : made.text;
  // A vertical tab or form feed is a space to cmark-gfm (between a definition's label and destination too), a
  // character to micromark; for reading, a space, one character for one: the tree's offsets hold for `written`.
  const spaced = reading ? plain.replace(/[\v\f]/g, ' ') : plain;
  if (flavour === 'commonmark' || flavour === 'github-blocks') {
    return { source: spaced, written: plain, bounded, urlsBroken: false, tree: fromMarkdown(spaced, flavour === 'commonmark' ? COMMONMARK : BLOCKS) };
  }
  const unstray = strayPlain ? withoutStrayBrackets(spaced) : spaced;
  const linked = asWritten ? unlinkedAsOnGitHub(unstray) : unstray;
  const source = plainAutolinks(linked);
  const urlsBroken = source !== linked;
  return { source, written: urlsBroken ? source : plain, bounded, urlsBroken, tree: fromMarkdown(source, GITHUB) };
}
