import { removeHiddenMarkdown } from './hidden-markdown.ts';
import { cutNote } from '../core/cut-note.ts';
import { groupDigits } from '../core/group-digits.ts';
import { INVISIBLE } from '../core/invisible-characters.ts';
import { keptUnits } from '../core/cut-text.ts';
import { readsAsPage } from './read-as-page.ts';

/** Untrusted text longer than this many characters is cut before it enters a prompt. */
export const UNTRUSTED_CHAR_LIMIT = 32_000;

/** What may stand before a comment that starts a block: indentation, quote and list markers (a superset). */
const BLOCK_PREFIX = new Set([' ', '\t', '>', '-', '*', '+', '.', ')', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

/**
 * `text` without the HTML comments a page hides, also those that removing one forms from the pieces
 * around it (`<!<!-- x -->-- y -->`). As CommonMark reads them:
 * - a comment that starts a line (after indentation, `>` or a list marker) starts an HTML block, and
 *   hides everything to its `-->`, across blank lines, or to the end of the text when none follows;
 * - a comment inside a line hides only up to a `-->` in the same paragraph: one opened and never
 *   closed, or closed after the paragraph ends (a blank line, a heading, a list item, a quote or a
 *   fence), is shown as it is written, and stays. Removing everything after it hid a whole paragraph a
 *   reader sees from a judge (`it opens <!-- and never closes`);
 * - except in a line of an HTML block (one that started with a tag, `<div>`, and runs to a blank line),
 *   where a browser reads the raw `<!--` as a comment to its `-->` or the end of the page.
 * Where CommonMark is not followed exactly (code spans and blocks, the prefix set), more is removed,
 * never less. Lines may end in CRLF, as text from GitHub's web editor does.
 * One pass, in time linear in the text: removing them again until nothing changed took the square of
 * its length (224 KB of nested comments: 13 s of a blocked event loop).
 * With `shown`, each comment the page hides is replaced by what it returns for it instead.
 */
export function removeHtmlComments(text: string, shown?: (comment: string) => string): string {
  // Only a comment in the text as given can start a removal: without one, the text stays as it is.
  if (!text.includes('<!--')) return text;
  const out: string[] = [];
  // Where the current line of `out` starts, and its first character that cannot stand before a block.
  let lineStart = 0;
  let firstInLine = Number.POSITIVE_INFINITY;
  // The current line belongs to an HTML block: a line whose first character past the prefix is `<`
  // started one, and a blank line ends it.
  let inHtmlBlock = false;
  let lineHasText = false;
  // The next `-->` and the next blank line at or after `at` (`text.length` for none): both only move
  // forward, each looked for again only once `at` has passed it, so the pass stays linear.
  let close = -1;
  let blank = -1;
  const paragraphEnd = /\n(?:[ \t]*\r?\n| {0,3}(?:#{1,6}[ \t\r\n]|>|```|~~~|[-*+][ \t]|1[.)][ \t]))/g;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    out.push(char);
    at++;
    if (char === '\n') {
      if (!lineHasText) inHtmlBlock = false;
      lineStart = out.length;
      firstInLine = Number.POSITIVE_INFINITY;
      lineHasText = false;
    } else {
      if (char !== ' ' && char !== '\t' && char !== '\r') lineHasText = true;
      if (firstInLine === Number.POSITIVE_INFINITY && !BLOCK_PREFIX.has(char)) {
        firstInLine = out.length - 1;
        if (char === '<') inHtmlBlock = true;
      }
    }
    // An opener just completed, from what was kept before and this character: drop it and the comment.
    if (char === '-' && out.length >= 4 && out[out.length - 2] === '-' && out[out.length - 3] === '!' && out[out.length - 4] === '<') {
      const opener = out.length - 4;
      if (close < at) {
        close = text.indexOf('-->', at);
        if (close === -1) close = text.length;
      }
      const startsBlock = (opener >= lineStart && firstInLine >= opener) || inHtmlBlock;
      if (!startsBlock) {
        if (blank < at) {
          paragraphEnd.lastIndex = at;
          blank = paragraphEnd.exec(text)?.index ?? text.length;
        }
        // Not closed in its paragraph: text the page shows.
        if (close >= blank) continue;
      }
      const end = close === text.length ? text.length : close + 3;
      const comment = shown && out.slice(opener).join('') + text.slice(at, end);
      out.length = opener;
      // One element of `out`, never read character by character: the scan goes on as if the comment were gone.
      if (comment) out.push(shown(comment));
      if (firstInLine >= opener) firstInLine = Number.POSITIVE_INFINITY;
      at = end;
    }
  }
  return out.join('');
}
// The attributes of HTML tags, whose values show nowhere on the page (`alt`, `title`, `aria-label`, `data-x`,
// any other), but for `href` and `src`, where a link or an image points.
const HIDDEN_ATTRIBUTE = /(<[A-Za-z][^<>]*?)\s(?!(?:href|src)\s*=)[A-Za-z_:][-A-Za-z0-9_:.]*\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

const CUT_MARGIN = 2_000;
/**
 * Where a construct that hides text begins: an image (its alt), a link destination followed by a
 * title, a link definition, an HTML tag with an attribute but `href` or `src`. Open across the parse boundary
 * of a cut text, it is plain text to the parser there, but not on the page.
 */
const HIDING_OPENER = /!\[(?!\])|\]\([^()\s]*\s+["'(]|^ {0,3}\[[^\]\n]*\]:|<[A-Za-z][^<>]*\s(?!(?:href|src)\s*=)[A-Za-z_:][-A-Za-z0-9_:.]*\s*=/gim;
const BLANK_LINE = /\n[ \t]*\n/g;

/**
 * Where to cut `parsed` (the sanitised first `limit + CUT_MARGIN` characters of a longer text) so
 * that nothing kept can belong to a construct still open at the parse boundary: such a construct
 * lies in one paragraph (no blank line inside it), the one that reaches the boundary. Its first
 * opener before `limit`, if any, is where the kept text ends.
 */
function safeCut(parsed: string, limit: number): number {
  let paragraph = 0;
  BLANK_LINE.lastIndex = 0;
  for (let blank = BLANK_LINE.exec(parsed); blank !== null; blank = BLANK_LINE.exec(parsed)) {
    if (blank.index + blank[0].length > limit) return limit; // the paragraph at the cut ends before the boundary
    paragraph = blank.index + blank[0].length;
  }
  HIDING_OPENER.lastIndex = paragraph;
  const opener = HIDING_OPENER.exec(parsed);
  return opener !== null && opener.index < limit ? opener.index : limit;
}

export interface SanitizeOptions {
  /** Longer text is cut with a visible note; default `UNTRUSTED_CHAR_LIMIT`. */
  readonly maxChars?: number;
  /** Told when the text is cut, with its length before the cut (what is shown is not all of it). */
  readonly onCut?: (length: number) => void;
  /**
   * Told when two keys of one object read the same once cleaned (`decision` and `decision` with a
   * zero-width space): both stay, the later ones with ` (2)`, ` (3)`… after them.
   */
  readonly onKeyCollision?: (key: string) => void;
  /**
   * How the text is read. `raw` (the default, for data: results, files, diffs, command output, a web
   * page's source) as written, as a reviewer reads a diff or a file: only invisible characters are
   * removed, and each HTML comment a rendered page would hide is labelled so (`labelHiddenComment`).
   * `rendered` as a page shows it, all it hides removed (comments, image alt text, titles, unused
   * definitions and footnotes, hidden attributes): for text only ever read rendered (a pull request's
   * or an issue's `body`, see `readAsPage`) or that only describes (a tool's name and description,
   * the goal), where no code hides. Removed from raw text, a comment, an image's alt text or a footnote
   * hid the code lines in it from the reviewing model and the judge (found by adversarial passes).
   */
  readonly read?: 'raw' | 'rendered';
}

/**
 * An HTML comment as a raw reading shows it: labelled as hidden on a page, its text kept. The label's
 * brackets form no Markdown (a `[…]` label before `(url "title")` read as a link), and the text it labels
 * holds none of them (`sanitizeUntrusted` makes the text's own plain first), so it cannot end the label
 * early. An opener inside is shown defused.
 */
function labelHiddenComment(comment: string): string {
  const inner = comment.slice(4, comment.endsWith('-->') && comment.length >= 7 ? -3 : undefined);
  return `\u27E6hidden HTML comment:${inner.replaceAll('<!--', '<!\u2010\u2010')}\u27E7`;
}

/**
 * Makes untrusted text (tool outputs, step results, event text) safe to show a model, read `raw` or
 * `rendered` (`SanitizeOptions.read`), and caps its length. Raw, nothing a reader of the text sees is
 * removed, so code cannot hide from a reviewer, and what a page would hide is marked; rendered, what
 * remains is what the page shows, so an instruction cannot hide in it.
 */
export function sanitizeUntrusted(text: string, options: SanitizeOptions = {}): string {
  const limit = options.maxChars ?? UNTRUSTED_CHAR_LIMIT;
  // Invisible characters are gone first, so `<!\u200B--` cannot dodge the comment rule.
  const visible = text.replace(INVISIBLE, '');
  if (options.read !== 'rendered') {
    // A `⟦` or `⟧` the text holds is shown as a plain bracket: `⟦hidden HTML comment: <script …> ⟧` written
    // in a diff read as a comment's label, of code that runs (found by a review). Every label is ours, so
    // raw text is read once (`promptData`, `dataBlock(…, clean)`): read again, ours would be defused.
    const out = removeHtmlComments(visible.replace(/[\u27E6\u27E7]/g, (bracket) => (bracket === '\u27E6' ? '[' : ']')), labelHiddenComment);
    if (out.length <= limit) return out;
    options.onCut?.(out.length);
    const kept = out.slice(0, keptUnits(out, limit));
    // `…` right at the cut, where the redactor looks for the start of a known secret a cut leaves.
    return `${kept}…\n${cutNote(`${groupDigits(out.length - kept.length)} more characters`)}`;
  }
  let out = removeHtmlComments(visible);
  const length = out.length;
  // Only what can be shown is parsed (with some room, so a construct across the cut is still seen whole).
  if (length > limit) out = out.slice(0, keptUnits(out, limit + CUT_MARGIN));
  // A text not read whole is cut with a note even when what was read fits once its hidden parts are gone: returned
  // bare, the rest was dropped unsaid, and a judge passed a pull request on the part (found by an adversarial pass).
  const whole = out.length === length;
  out = removeHiddenMarkdown(out);
  let previous: string;
  do {
    previous = out;
    out = out.replace(HIDDEN_ATTRIBUTE, '$1');
  } while (out !== previous);
  if (whole && out.length <= limit) return out;
  options.onCut?.(Math.max(length, out.length));
  const kept = out.slice(0, keptUnits(out, whole ? limit : safeCut(out, limit)));
  // `…` right at the cut, where the redactor looks for the start of a known secret a cut leaves.
  return `${kept}…\n${cutNote(`${groupDigits(Math.max(length, out.length) - kept.length)} more characters`)}`;
}

/**
 * `sanitizeUntrusted` applied to every string inside a JSON-like value (object keys included),
 * before it is encoded: in JSON text, quotes are `\"` and line breaks `\n`, so hidden Markdown in
 * a field (a pull request's body, read `rendered`) would no longer parse as Markdown and would pass unseen.
 */
export function sanitizeUntrustedValue(value: unknown, options: SanitizeOptions = {}): unknown {
  const seen = new WeakSet<object>();
  // Keys that collide once cleaned would collapse into one, the last winning: `{"decision": "reject",
  // "decision\u200b": "approve"}` read as approved to a judge, while code reading `.decision` gets reject.
  const cleanEntries = (entries: [string, unknown][], issue: boolean): [string, unknown][] => {
    const taken = new Set<string>();
    // The next number to try for each cleaned key: counting from 2 each time made 32,000 keys that
    // differ only in invisible characters cost half a billion lookups (72 s on the event loop).
    const nextCount = new Map<string, number>();
    return entries.map(([key, inner]) => {
      const clean = sanitizeUntrusted(key, options);
      let shown = clean;
      let count = nextCount.get(clean) ?? 2;
      while (taken.has(shown)) shown = `${clean} (${count++})`;
      if (shown !== clean) {
        nextCount.set(clean, count);
        options.onKeyCollision?.(clean);
      }
      taken.add(shown);
      return [shown, issue && key === 'body' && typeof inner === 'string' ? sanitizeUntrusted(inner, { ...options, read: 'rendered' }) : walk(inner)];
    });
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') return sanitizeUntrusted(item, options);
    if (item === null || typeof item !== 'object') return item;
    const toJSON = (item as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return walk(toJSON.call(item));
    if (seen.has(item)) return '[Circular]';
    seen.add(item);
    const copy = Array.isArray(item) ? item.map(walk) : Object.fromEntries(cleanEntries(Object.entries(item), readsAsPage(item)));
    seen.delete(item);
    return copy;
  };
  return walk(value);
}
