import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmTable } from 'micromark-extension-gfm-table';
import { plainAutolinks } from './autolink-scan.ts';
import { codeSpanScanCost, MAX_CODE_SPAN_SCAN } from './code-span-scan.ts';
import { MAX_TITLE_SCAN, parenTitleOpeners } from './title-scan.ts';

/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
export const MAX_MARKUP = 2_000;

// Emphasis decides no link, image, definition, HTML or code, and matching its delimiters takes time
// that grows with the square of their count: it is not parsed.
const NO_EMPHASIS = { disable: { null: ['attention'] } };
const COMMONMARK = { extensions: [NO_EMPHASIS] };
// GitHub shows a footnote's definition only where the text refers to it: the sanitiser must see them.
const FOOTNOTES = { extensions: [gfmFootnote(), NO_EMPHASIS], mdastExtensions: [gfmFootnoteFromMarkdown()] };
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
   * A limit of `plainHeavyMarkup` was passed: brackets, markers or backticks in `source` are plain
   * that GitHub reads as markup, so the tree may lack images, titles and definitions a page hides.
   */
  readonly bounded: boolean;
}

/** How many of `chars` are in `text`. */
function count(text: string, chars: string): number {
  let found = 0;
  for (let at = 0; at < text.length; at++) if (chars.includes(text[at]!)) found++;
  return found;
}

/** Openers of inline HTML that may run to the end of their paragraph (`<?`, `<!`) beyond this many are made plain. */
export const MAX_HTML_OPENERS = 200;
/** Setext underlines (`===`, `---` alone on a line) beyond this many are escaped. */
export const MAX_UNDERLINES = 100;
/** Block quote and list markers opening one line beyond this many are escaped from the first. */
export const MAX_LINE_NESTING = 32;
/**
 * The work of ending block quotes, list items and footnote definitions (`containerEndCost`) beyond which
 * the marker that opens each line is escaped: micromark spends 0.05–0.25 s on this much. Ordinary text
 * stays below: a 32 KiB changelog whose 193 lists each end before a heading costs 160,000, 100 KiB of
 * another 230,000.
 */
export const MAX_CONTAINER_END_COST = 400_000;

const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;

/** Where the first non-space character of a line is, and how many container markers open it. */
function leadingMarkers(line: string): { first: number; markers: number } {
  let at = 0;
  let column = 0;
  let markers = 0;
  let first = -1;
  // A tab reaches the next multiple of 4 columns: `+\t+\t…` nests a list at each `+`.
  const space = (): void => {
    column = line[at] === '\t' ? column + 4 - (column % 4) : column + 1;
    at++;
  };
  for (;;) {
    const from = column;
    while ((line[at] === ' ' || line[at] === '\t') && column - from < 4) space();
    if (first < 0) first = at;
    const list = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/.exec(line.slice(at, at + 11))?.[0];
    // A footnote's label opens a container too, and any spaces may follow it.
    const note = footnoteAt(line, at);
    if (line[at] === '>') space();
    else if (list) {
      // The marker, and the space or tab after it.
      for (let char = 0; char <= list.length; char++) space();
    } else if (note > 0) {
      at += note;
      column += note;
      while (line[at] === ' ' || line[at] === '\t') space();
    } else break;
    markers++;
  }
  return { first, markers };
}

/** `line` with each tab made the spaces to the next multiple of 4 columns, as CommonMark counts them. */
function columns(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) out += char === '\t' ? ' '.repeat(4 - (out.length % 4)) : char;
  return out;
}

/** Where the spaces from `at` end, at most `max` of them. */
function afterSpaces(line: string, at: number, max: number): number {
  let end = at;
  while (end < line.length && end - at < max && line[end] === ' ') end++;
  return end;
}

const BREAKS = { '*': /^(?:\* *){3,}$/, '-': /^(?:- *){3,}$/ } as const;

/** A list item's marker at `at` in a line of `columns`: how far its content starts, and whether the item is empty. */
function listItemAt(line: string, at: number): { width: number; empty: boolean } | undefined {
  if (!/[-*+\d]/.test(line[at] ?? '')) return undefined;
  const marker = /^(?:[-*+]|\d{1,9}[.)])(?= |$)/.exec(line.slice(at, at + 11))?.[0];
  // `* * *` and `- - -` are thematic breaks.
  const rule = marker === '*' || marker === '-' ? BREAKS[marker] : undefined;
  if (marker === undefined || rule?.test(line.slice(at))) return undefined;
  const after = at + marker.length;
  if (afterSpaces(line, after, Infinity) === line.length) return { width: marker.length + 1, empty: true };
  const spaces = afterSpaces(line, after, 5) - after;
  return { width: marker.length + (spaces <= 4 ? spaces : 1), empty: false };
}

/** How long the label and colon of a footnote definition at `at` are (GitHub's footnotes hold blocks too), or 0. */
function footnoteAt(line: string, at: number): number {
  if (line[at] !== '[' || line[at + 1] !== '^') return 0;
  // As micromark reads the label: no space or `[`, a backslash escapes only `[`, `\` and `]`, at most 999 characters.
  const label = /^\[\^(?:[^\][\\ \t]|\\[[\\\]]|\\(?![[\\\]]))+\]:/.exec(line.slice(at, at + 1010))?.[0];
  return label !== undefined && label.length <= 999 + 4 ? label.length : 0;
}

const opensContainer = (line: string, at: number): boolean => line[at] === '>' || listItemAt(line, at) !== undefined || footnoteAt(line, at) > 0;

/** A line that ends a paragraph, and any code or HTML before it, wherever it stands: a fence, an ATX heading, a thematic break. */
const INTERRUPT = /^ {0,3}(?:`{3,}[^`]*|~{3,}.*|#{1,6}(?: .*)?|(?:\* *){3,}|(?:- *){3,}|(?:_ *){3,})$/;
/** Text that can only continue a paragraph: not blank, not code, no marker of a block or a table. */
const PLAIN = /^ {0,3}[^\s`~<#=*_+>-][^|]*$/;

/** A block quote, list item or footnote definition that micromark's document tokenizer holds open. */
interface Container {
  readonly kind: 'quote' | 'item' | 'note';
  /** An item's content column, from where its container's content starts. */
  size: number;
  /** An item that opened empty (`-` alone on its line). */
  blankStart: boolean;
  /** An item that opened empty and has had a blank line since: no text after continues it. */
  further: boolean;
  /** Its end counted already, on a line that may have continued a paragraph lazily. */
  counted: boolean;
}

/**
 * At each line that ends a block quote, list item or footnote definition without opening another
 * (`> a` then a blank line; `- > a` then `- > b`), micromark moves the ends' events before the line
 * by copying every event of the text so far (`EditMap.consume` in its document tokenizer): 16 KiB
 * of `>\n\n` took 13.8 s. This is their sum, counted as the lines and container markers before each
 * such end (a footnote's label three times; micromark copies up to 10 events for each).
 *
 * The containers are followed as micromark follows them, line by line, without reading the blocks in
 * them: a line that may be a paragraph's lazy continuation (`> a` then `b`) or may end the quote
 * counts an end for each container it may end, once, and they stay open. It counts at least the ends
 * micromark makes (checked against micromark on random and repeated shapes), and on ordinary text
 * about as many.
 */
function containerEndCost(lines: readonly string[]): number {
  const open: Container[] = [];
  let cost = 0;
  let seen = 0;
  /** Opens the containers whose markers start at `at`, and returns where the line's content starts. */
  const opened = (line: string, from: number): number => {
    for (let at = from; ; ) {
      const start = afterSpaces(line, at, 3);
      const item = listItemAt(line, start);
      const note = footnoteAt(line, start);
      let content: number;
      if (line[start] === '>') content = line[start + 1] === ' ' ? start + 2 : start + 1;
      else if (item) content = Math.min(line.length, start + item.width);
      else if (note > 0) content = afterSpaces(line, start + note, Infinity);
      else return at;
      open.push({ kind: line[start] === '>' ? 'quote' : item ? 'item' : 'note', size: item ? start - at + item.width : 0, blankStart: item?.empty ?? false, further: false, counted: false });
      // A footnote's label makes three times the events of another marker.
      seen += note > 0 ? 3 : 1;
      at = content;
    }
  };
  let blankBefore = true;
  for (const given of lines) {
    seen++;
    const line = columns(given);
    // Where the line's text ends: only spaces are blank to micromark (tabs are spaces here).
    let lastText = line.length;
    while (lastText > 0 && line[lastText - 1] === ' ') lastText--;
    const afterBlank = blankBefore;
    blankBefore = lastText === 0;
    let at = 0;
    let continued = 0;
    for (; continued < open.length; continued++, seen++) {
      const container = open[continued]!;
      const blank = at >= lastText;
      if (container.kind === 'quote') {
        const start = afterSpaces(line, at, 3);
        if (line[start] !== '>') break;
        at = line[start + 1] === ' ' ? start + 2 : start + 1;
        // Perhaps a new quote, where micromark ended the one whose end was counted.
        container.counted = false;
      } else if (container.kind === 'note') {
        if (blank) continue;
        if (afterSpaces(line, at, 4) - at < 4) break;
        at += 4;
      } else if (blank) {
        container.further ||= container.blankStart;
        at = afterSpaces(line, at, container.size);
      } else if (!container.further && afterSpaces(line, at, container.size) - at >= container.size) {
        container.blankStart = false;
        at += container.size;
      } else {
        const start = afterSpaces(line, at, 3);
        const item = listItemAt(line, start);
        container.blankStart = item?.empty ?? false;
        container.further = false;
        if (!item) break;
        // The next item of this list: what the last one held ends.
        if (open.length > continued + 1) cost += seen;
        open.length = continued + 1;
        container.size = start - at + item.width;
        container.counted = false;
        at = Math.min(line.length, start + item.width);
        continued++;
        seen++;
        break;
      }
    }
    if (continued < open.length) {
      const start = afterSpaces(line, at, 3);
      if (opensContainer(line, start)) open.length = continued;
      else if (afterBlank || start >= lastText || INTERRUPT.test(line.slice(at))) {
        // No paragraph for the line to continue: the containers end.
        cost += seen;
        open.length = continued;
      } else {
        // A paragraph's lazy continuation, or the containers' end: each counts an end, once, and stays open.
        const plain = PLAIN.test(line.slice(at));
        for (const container of open.slice(continued)) {
          if (plain && container.counted) continue;
          cost += seen;
          container.counted = true;
        }
        if (!plain) for (const container of open.slice(0, continued)) container.counted = false;
        continue;
      }
    }
    const depth = open.length;
    const content = line.slice(opened(line, at));
    // After anything but a paragraph's text, no paragraph may be left for a later line to continue.
    if (open.length !== depth || !PLAIN.test(content)) for (const container of open) container.counted = false;
  }
  return cost;
}

/**
 * `text` with markup whose parse would not take linear time made plain (micromark's costs grow with
 * the square of these; each case took seconds at 16–32 KiB):
 * - past MAX_MARKUP brackets, every `[` and `]` becomes its fullwidth form (［ ］), which Markdown
 *   reads as text (escaping them instead made as many escape tokens, which cost the same); past
 *   MAX_MARKUP table pipes, every `|` (｜);
 * - past MAX_UNDERLINES lines that could underline a setext heading, each is escaped;
 * - a line opened by more than MAX_LINE_NESTING quote or list markers has its first escaped;
 * - past MAX_CONTAINER_END_COST of ending quotes, list items and footnotes, the marker that opens
 *   each line is escaped (`\>`, `\-`, `1\.`, `\[^a]:`), so the text holds none.
 * - past MAX_CODE_SPAN_SCAN of looking for code spans' ends, every backtick becomes fullwidth (｀);
 * - past MAX_TITLE_SCAN of looking for the ends of titles in parentheses, each such title's `(` (（).
 * Text under the limits is unchanged, but for lines of only spaces, which are emptied.
 */
export function plainHeavyMarkup(text: string): string {
  return boundedMarkup(text).text;
}

/** `plainHeavyMarkup`'s text, and whether a limit was passed (not only blank lines emptied). */
function boundedMarkup(text: string): { text: string; bounded: boolean } {
  let out = text;
  if (count(out, '[]') > MAX_MARKUP) out = out.replaceAll('[', '\uFF3B').replaceAll(']', '\uFF3D');
  if (count(out, '|') > MAX_MARKUP) out = out.replaceAll('|', '\uFF5C');
  // Each unclosed `<?` or `<!` is looked for to the end of its paragraph: 16 KiB of `x <?` took 0.7 s.
  if ((out.match(/<[?!]/g)?.length ?? 0) > MAX_HTML_OPENERS) out = out.replace(/<(?=[?!])/g, '\uFF1C');
  if (codeSpanScanCost(out) > MAX_CODE_SPAN_SCAN) out = out.replaceAll('`', '\uFF40');
  const titles = parenTitleOpeners(out);
  if (titles.cost > MAX_TITLE_SCAN) {
    let plain = '';
    let from = 0;
    for (const at of titles.openers) {
      plain += `${out.slice(from, at)}\uFF08`;
      from = at + 1;
    }
    out = plain + out.slice(from);
  }
  let bounded = out !== text;
  if (!out.includes('\n') && !out.includes('\r') && out.length < 64) return { text: out, bounded };
  let changed = false;
  const parts = out.split(/(\r\n|\r|\n)/);
  // A line of only spaces or tabs is blank to both parsers once emptied; kept, cmark-gfm 0.29 continued
  // an empty list item through it (so an indented line after it was Markdown there, and code to micromark).
  // Inside a block quote the same: a line of only `>` markers and spaces loses the spaces after them.
  for (let i = 0; i < parts.length; i += 2) {
    const blank = /^((?:[ \t]{0,3}>)*)[ \t]+$/.exec(parts[i]!);
    if (blank) {
      parts[i] = blank[1]!;
      changed = true;
    }
  }
  let underlines = 0;
  for (let i = 0; i < parts.length; i += 2) if (UNDERLINE.test(parts[i]!)) underlines++;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    const underline = underlines > MAX_UNDERLINES && UNDERLINE.test(line);
    const nesting = line.length > MAX_LINE_NESTING ? leadingMarkers(line) : undefined;
    if (underline || (nesting && nesting.markers > MAX_LINE_NESTING)) {
      const first = underline ? line.search(/[=-]/) : nesting!.first;
      parts[i] = `${line.slice(0, first)}\\${line.slice(first)}`;
      changed = true;
      bounded = true;
    }
  }
  const lines = parts.filter((_, i) => i % 2 === 0);
  if (containerEndCost(lines) > MAX_CONTAINER_END_COST) {
    for (let i = 0; i < parts.length; i += 2) {
      const line = parts[i]!;
      const first = line.search(/[^ \t]/);
      const start = first < 0 ? -1 : columns(line.slice(0, first)).length;
      if (start < 0 || start > 3 || !opensContainer(columns(line), start)) continue;
      // `>`, a bullet or a footnote's `[` escaped where it stands; an ordered item's `1.` at its `.` or `)`.
      const at = first + (/^\d+/.exec(line.slice(first))?.[0].length ?? 0);
      parts[i] = `${line.slice(0, at)}\\${line.slice(at)}`;
      changed = true;
      bounded = true;
    }
  }
  return { text: changed ? parts.join('') : out, bounded };
}

/**
 * `text` parsed for its links, images, definitions, HTML and code, as CommonMark or as GitHub
 * renders it (`github`), in time that grows with its length whoever wrote it: emphasis is not
 * parsed, heavy markup is made plain first (`plainHeavyMarkup`) and, for GitHub, stray brackets
 * too; so `source` may differ from `text`.
 */
export function markdownTree(
  text: string,
  flavour: 'commonmark' | 'commonmark+footnotes' | 'github',
  /** Applied to the text before it is parsed when a limit was passed (`bounded`). */
  whenBounded: (source: string) => string = (source) => source,
): MarkdownTree {
  const made = boundedMarkup(text);
  const bounded = made.bounded;
  const plain = bounded ? whenBounded(made.text) : made.text;
  if (flavour === 'commonmark' || flavour === 'commonmark+footnotes') {
    return { source: plain, bounded, tree: fromMarkdown(plain, flavour === 'commonmark' ? COMMONMARK : FOOTNOTES) };
  }
  const source = plainAutolinks(withoutStrayBrackets(plain));
  return { source, bounded, tree: fromMarkdown(source, GITHUB) };
}
