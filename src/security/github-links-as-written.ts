/**
 * Reading Markdown as GitHub links URLs in running text, with its brackets as written. Where micromark
 * and cmark-gfm (GitHub's renderer) decide such a URL differently, the URL may swallow what follows it
 * on one side only (a backtick that opens a code span, a footnote's reference), and what the page hides
 * would be read. Found by an adversarial review; each rule names what it keeps equal.
 */
import { BLANK_LINE } from './text-positions.ts';

/**
 * The work of micromark's look back for an open `[` (`previousUnbalanced`, which GitHub's rule that no URL
 * links inside brackets needs) beyond which stray brackets are made plain for the parse, and the text read
 * as past a limit: 16 KiB of `w ` after one `[` took 1.0 s, 32 KiB 6.5 s, and 32 KiB of `<+` 4.5 s, about
 * 8–9 ns per unit of `bracketLookback`. Ordinary text stays far below: its open brackets close within a line.
 */
export const MAX_BRACKET_LOOKBACK = 10_000_000;

/**
 * An upper bound on how far micromark looks back, in characters: from each character (where a URL or an
 * address may start: a word, a `+`, `-`, `.` or `_`, an `h` after a digit) to the nearest `[` still open
 * before it in its paragraph. A `]` closes the last `[` only with no backtick or `<` between them, which
 * could hide it in code or HTML.
 */
export function bracketLookback(text: string): number {
  let cost = 0;
  for (const paragraph of text.split(BLANK_LINE)) {
    const open: number[] = [];
    // Where the last backtick or `<` was: a `]` after it may be inside code or HTML.
    let unsure = -1;
    let slashes = 0;
    for (let at = 0; at < paragraph.length; at++) {
      const char = paragraph[at]!;
      const escaped = slashes % 2 === 1;
      slashes = char === '\\' ? slashes + 1 : 0;
      if (char === '`' || char === '<') unsure = at;
      else if (char === '[' && !escaped) open.push(at);
      else if (char === ']' && !escaped && open.length > 0 && unsure < open.at(-1)!) open.pop();
      else if (open.length > 0) cost += at - open.at(-1)!;
    }
  }
  return cost;
}

/**
 * `text` with each `www.` GitHub links in no case made plain, one character for one (`ｗww.`), where
 * micromark would link it: cmark-gfm links only a lower-case `www.`, and only at a line's start or after a
 * space or one of `*_~(`, where micromark also takes one after `[` or `]`.
 */
export function unlinkedAsOnGitHub(text: string): string {
  return text.replace(/(?<![A-Za-z0-9])[wW](?=[wW]{2}\.)/g, (w, at: number) =>
    text.startsWith('www.', at) && text[at - 1] !== '[' && text[at - 1] !== ']' ? w : '\uFF57',
  );
}

/**
 * Where micromark and cmark-gfm may decide a URL GitHub links in text differently, so that one of them
 * swallows what the other reads as markup (a backtick, a bracket) up to the next ASCII space: an `ftp://`
 * URL (micromark links none); a domain with `_` GitHub accepts after 10 dots; `www.` then an address's `@`
 * (micromark reads an address); a URL holding a character beyond ASCII (cmark-gfm reads domains byte by
 * byte and ends URLs at ASCII spaces only), a backslash, or a `]` then `(` or `[` (micromark ends it
 * there); `www.` after a vertical tab or form feed (a space to cmark-gfm only). Where the text has one, it
 * is read as past a limit, taking out by its shape what the page may hide.
 */
export function linksDisagree(text: string): boolean {
  for (const match of text.matchAll(/(?:www\.|(?:https?|ftp):\/\/)[^ \t\r\n\v\f<]*/gi)) {
    const url = match[0];
    // Nothing in it for a URL to swallow; or not running text: a link's destination (`](https://…`), an autolink
    // (`<https://…`), a link's text (`[https://…`, where neither parser links a URL inside the open bracket).
    if (!/[`[\]]/.test(url) || text.slice(match.index - 2, match.index) === '](' || /[<[]/.test(text[match.index - 1] ?? '')) continue;
    const www = /^www\./i.test(url);
    // micromark also ends a URL before a `]` that punctuation and then `(` or `[` follow, GitHub only at a space.
    if (/^ftp/i.test(url) || /[^\x00-\x7F]|\\/.test(url) || /\][!"')*,.:;?_~]*[[(]/.test(url)) return true;
    if (www && (/^www\.[A-Za-z0-9+._-]*@/i.test(url) || /[\v\f]/.test(text[match.index - 1] ?? ''))) return true;
    const domain = url.replace(/^(?:www\.|[a-z]+:\/\/)/i, '').split(/[/?#]/)[0]!;
    if (domain.includes('_') && domain.split('.').length > 10) return true;
  }
  return false;
}

/**
 * A table row's `\\|`: GitHub's cell scanner takes the longest run of escaped characters, so the pipe stays
 * in the cell, where micromark reads an escaped backslash and ends the cell. On a line with a bracket (an
 * image or a link the pipe may be inside), read as past a limit too.
 */
export const cellsDisagree = (text: string): boolean => text.includes('\\\\|') && text.split(/\r\n|\r|\n/).some((line) => line.includes('\\\\|') && line.includes('['));

/**
 * Link destinations cmark-gfm takes and micromark does not: one still inside a `(` where a space ends it
 * (`![alt](a( )`), or holding a control character. Read as past a limit too (a definition written so is
 * not covered: it reads as text).
 */
export function destinationsDisagree(text: string): boolean {
  if (/[\x00-\x08\x0E-\x1F\x7F]/.test(text)) return true;
  for (let at = text.indexOf(']('); at >= 0; at = text.indexOf('](', at + 2)) {
    let depth = 0;
    for (let end = at + 2; end < Math.min(text.length, at + 1_026); end++) {
      const char = text[end]!;
      if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
        if (depth > 0) return true;
        break;
      }
      if (char === '\\') end++;
      else if (char === '(') depth++;
      else if (char === ')' && --depth < 0) break;
    }
  }
  return false;
}
