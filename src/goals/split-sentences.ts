import { INVISIBLE } from '../core/invisible-characters.ts';

/** Abbreviations that never end a sentence, even before a capital ("Dr. Smith", "e.g. The"). */
const NEVER_ENDS = new Set(['e.g.', 'i.e.', 'cf.', 'vs.', 'viz.', 'al.', 'dr.', 'mr.', 'mrs.', 'ms.', 'prof.', 'st.', 'mt.', 'gen.', 'sen.']);
/** Abbreviations that do not end a sentence before a number ("No. 5", "Fig. 3", "approx. 40"); "… said no. We" does. */
const BEFORE_NUMBERS = new Set(['no.', 'nos.', 'fig.', 'figs.', 'eq.', 'pp.', 'vol.', 'ch.', 'sec.', 'approx.', 'ca.']);
/** Abbreviations a sentence goes on after in lower case ("Apple Inc. reported", "on Jan. the 5th"); before a capital they may end one. */
const BEFORE_LOWER_CASE = new Set(['etc.', 'inc.', 'ltd.', 'co.', 'corp.', 'jr.', 'sr.', 'jan.', 'feb.', 'mar.', 'apr.', 'jun.', 'jul.', 'aug.', 'sep.', 'sept.', 'oct.', 'nov.', 'dec.', 'ver.', 'dept.', 'est.', 'ed.', 'eds.', 'ave.', 'blvd.', 'rd.', 'resp.', 'incl.', 'excl.', 'min.', 'max.']);
const CITATION = String.raw`\[\d+(?:\s*[,\u2013-]\s*\d+)*\]`;
/** Citations written after the period on the same line ("… fell. [2] Next") belong to that sentence (read where the period ends). */
const TRAILING_CITATIONS = new RegExp(String.raw`(?:[ \t]*${CITATION})+(?=\s|$)`, 'y');
/** What may close around a mark before the space: quotes and brackets; Markdown's emphasis is `EMPHASIS`. */
const CLOSERS = `"'”’)」』）`;
/** Emphasis that may close around a mark (`**Churn fell.** Sales…`), when the text before opened it. */
const EMPHASIS = '*_';
/** How far back an emphasis closing at a mark is looked for its opening: a bound per mark, whatever the text. */
const EMPHASIS_LOOKBACK = 1_000;
/** How many of the runs before it are tried as the opening: the nearest few, so a text of `.* ` is read in linear time. */
const EMPHASIS_CANDIDATES = 8;
/** Citations written right after the mark ("… fell 3%.[1] Revenue"): the mark ends the sentence there too. */
const ATTACHED_CITATIONS = new RegExp(String.raw`(?:${CITATION})+(?=\s|$)`, 'y');
/** Marks that end a sentence before whitespace or the end: `.`, `!`, `?`, the ellipsis and the doubled marks. */
const MARKS = '.!?…‼⁇⁈⁉';
/**
 * Where the next mark may be: one of `MARKS`, or any other character Unicode says ends a sentence
 * (`\p{Sentence_Terminal}`), which ends one whatever follows: Chinese and Japanese `。！？` with no space
 * after them, Hindi `।`, Arabic `؟`, Urdu `۔`, Armenian `։`, Amharic `።`, Burmese `။`, Khmer `។`, none of
 * which is written inside a word or a number. Only `MARKS` were, and a Hindi or Arabic report was one
 * sentence, which one citation met (found by an adversarial pass). The full-width `．`, the one-dot leader `․`
 * and the small `﹒` are no marks here: they are written inside words and numbers (`example․com`).
 */
const NEXT_MARK = new RegExp(`[${MARKS}]|(?![．․﹒])\\p{Sentence_Terminal}`, 'gu');
/** `NEXT_MARK` right where it is looked for: a run of marks is read one whole mark at a time. */
const MARK_AT = new RegExp(NEXT_MARK.source, 'uy');
const CITATION_ONLY = new RegExp(String.raw`^(?:${CITATION}\s*)+[.!?]?$`);
// A space or tab, not any `\s`: `#` and a no-break space begin a paragraph, shown and checked as one.
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_MARKER = /^\s*(?:[-*+•]|\d+[.)])\s+/;
const STARTS_CAPITAL = /^\s*["'“‘(*_]*\p{Lu}/u;
const TABLE_ROW = /^\s*\|/;
/**
 * `|---|:--:|`: the row under a table's header, no sentence. The blanks before a cell are matched after
 * the pipe before it: `^\s*\|?(?:\s*…` let two `\s*` share a line's leading blanks, and a tool result of
 * 256 KiB of spaces and an `x` held the event loop 41 s.
 */
const TABLE_DELIMITER = /^\s*(?:\|\s*)?(?::?-+:?\s*\|\s*)+(?::?-+:?\s*)?$/;

/**
 * The sentences of a text, for `every_sentence_matches`: each ends at `.`, `!`, `?`, `…` (and `‼`,
 * `⁇`, `⁈`, `⁉`) before whitespace, or at any other sentence mark (`。`, `！`, `？`, `।`, `؟`…) anywhere. Abbreviations (e.g., i.e., etc.,
 * Dr., U.S.), decimals (2.5%) and citations ([1].) do not break a sentence; blank lines and list items
 * start a new one; Markdown headings are titles, not sentences, and are left out. A single letter
 * before a period reads as an initial ("A. Gulli"): "under plan B. The vendor" runs on, as the text
 * cannot tell the two apart.
 */
export function splitSentences(text: string): string[] {
  // A lone `\r` and U+2028 break a line as `\n` does; U+2029 a paragraph, as a blank line does. Invisible
  // characters go first: a zero-width space after a period hid the break before the next sentence.
  return blocksOf(text.replace(INVISIBLE, '').replace(/\r\n?|\u2028/g, '\n').replaceAll('\u2029', '\n\n')).flatMap(splitBlock);
}

function blocksOf(text: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  const flush = (): void => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '' || HEADING.test(line) || TABLE_DELIMITER.test(line)) {
      flush();
      // The row above `|---|` is the table's header: column names, no claim (found by a review).
      if (TABLE_DELIMITER.test(line) && blocks.length > 0 && TABLE_ROW.test(blocks.at(-1)!)) blocks.pop();
      continue;
    }
    const item = LIST_MARKER.exec(line);
    if (item) {
      flush();
      current.push(line.slice(item[0].length));
    } else if (TABLE_ROW.test(line)) {
      // Each row of a table says its own thing: joined, one cited row passed the table (adversarial pass).
      flush();
      blocks.push(line);
    } else {
      // A line that starts with a capital starts a sentence: "Revenue rose 5% [1]" and "Churn doubled" on
      // the next line, without a period between, read as one cited sentence (adversarial pass). A sentence
      // wrapped onto a line that starts in lower case ("fell by 6%\nbetween 2022 and 2024") reads on.
      if (current.length > 0 && STARTS_CAPITAL.test(line)) flush();
      current.push(line);
    }
  }
  flush();
  return blocks;
}

/**
 * Where each sentence mark ends: a run of `.`, `!`, `?` or `…` (`MARKS`), then closing quotes,
 * brackets or emphasis, then whitespace, citations (`[1]`) or the end of the block; or a run with any other mark (`NEXT_MARK`: `。`, `।`, `؟`…),
 * whatever follows. One pass, never back over a run: the text is a step's result,
 * anyone's, and a pattern that tried every start inside a long run of periods took time that grew
 * with the square of its length.
 */
function* terminators(block: string): Generator<{ index: number; mark: string; after: number }> {
  let at = 0;
  while (at < block.length) {
    NEXT_MARK.lastIndex = at;
    const next = NEXT_MARK.exec(block);
    if (!next) return;
    const index = next.index;
    let anywhere = false;
    // The run of marks, each whole (a mark outside the BMP is two code units).
    for (at = index, MARK_AT.lastIndex = at; MARK_AT.test(block); at = MARK_AT.lastIndex) anywhere ||= !MARKS.includes(block[at]!);
    while (at < block.length && CLOSERS.includes(block[at]!)) at++;
    // `**…**` or `_…_` closing: only where the same run opened before (`build.* file` is a glob, not emphasis).
    const emphasisFrom = at;
    while (at < block.length && EMPHASIS.includes(block[at]!)) at++;
    if (at > emphasisFrom && !emphasisOpened(block, index, block.slice(emphasisFrom, at))) at = emphasisFrom;
    while (at < block.length && CLOSERS.includes(block[at]!)) at++;
    at = afterAttachments(block, at);
    ATTACHED_CITATIONS.lastIndex = at;
    // A capital and a small letter right after the mark start a sentence too ("fell [2].All refunds"): a
    // reader sees two, and `U.S.A` or `node.js` are not that (adversarial pass).
    // Not inside a word: `String.Format` is a name (found by a review).
    const nextStarts = /^\p{Lu}\p{Ll}/u.test(block.slice(at, at + 2)) && !/[\p{L}\p{N}_]/u.test(block[index - 1] ?? '');
    if (anywhere || at === block.length || /\s/.test(block[at]!) || nextStarts || (block[at] === '[' && ATTACHED_CITATIONS.test(block))) yield { index, mark: block.slice(index, at), after: at };
  }
}

/** Superscript digits a citation is written with right after the mark ("… fell.² Sales"). */
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** The longest HTML tag, superscript or footnote reference read after a mark: a bound per mark, whatever the text. */
const MAX_ATTACHMENT_CHARS = 200;

/**
 * Where what a page shows as no word after a mark ends, from `at`: HTML tags (`.</b>`), superscripts (`.²`,
 * `.<sup>4</sup>`) and footnote references (`.[^1]`). Read as a word, they ran the next sentence on into this one,
 * and one citation vouched for an uncited claim (found by an adversarial pass).
 */
function afterAttachments(block: string, at: number): number {
  for (;;) {
    if (SUPERSCRIPTS.includes(block[at] ?? '\n')) {
      at++;
      continue;
    }
    const end = attachmentEnd(block, at);
    if (end === undefined) return at;
    at = end;
  }
}

/** Where the tag (a `<sup>` with its text) or footnote reference at `at` ends; undefined when none starts there or it does not end within MAX_ATTACHMENT_CHARS. */
function attachmentEnd(block: string, at: number): number | undefined {
  const tag = block[at] === '<' && /[A-Za-z/!]/.test(block[at + 1] ?? '');
  const footnote = block.startsWith('[^', at);
  if (!tag && !footnote) return undefined;
  const close = tag ? '>' : ']';
  let end = at + 2;
  // A tag or a reference never holds its own opening, nor (a reference) a blank: stopping there keeps it one pass.
  while (end < block.length && end - at < MAX_ATTACHMENT_CHARS && block[end] !== close && block[end] !== block[at] && block[end] !== '\n' && !(footnote && /\s/.test(block[end]!))) end++;
  if (block[end] !== close) return undefined;
  if (!/^<sup[\s>]/i.test(block.slice(at, at + 5))) return end + 1;
  // A superscript's text is the citation: read through to its closing tag.
  const text = block.slice(end + 1, at + MAX_ATTACHMENT_CHARS).indexOf('<') + end + 1;
  return text > end && /^<\/sup>/i.test(block.slice(text, text + 6)) ? text + 6 : undefined;
}

/**
 * Whether `run` (`**`, `_`) opens emphasis in the EMPHASIS_LOOKBACK characters before `index`: written
 * before a word and not after a letter, a digit or a period (`os.* and` and `snake_case` open none).
 */
function emphasisOpened(block: string, index: number, run: string): boolean {
  const from = Math.max(0, index - EMPHASIS_LOOKBACK);
  const window = block.slice(from, index);
  let tried = 0;
  for (let at = window.lastIndexOf(run); at >= 0 && tried < EMPHASIS_CANDIDATES; at = at === 0 ? -1 : window.lastIndexOf(run, at - 1), tried++) {
    const before = at === 0 ? block[from - 1] : window[at - 1];
    const after = window[at + run.length];
    if (after !== undefined && !/\s/.test(after) && !EMPHASIS.includes(after) && (before === undefined || !/[\p{L}\p{N}.]/u.test(before))) return true;
  }
  return false;
}

function splitBlock(block: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const { index, mark, after } of terminators(block)) {
    if (after <= start || !endsSentence(block, index, mark, after)) continue;
    TRAILING_CITATIONS.lastIndex = after;
    const citations = TRAILING_CITATIONS.exec(block);
    const end = after + (citations ? citations[0].length : 0);
    pieces.push(block.slice(start, end));
    start = end;
  }
  pieces.push(block.slice(start));
  return attachLoneCitations(pieces.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p !== ''));
}

/** The first character after `from` that is not whitespace, or undefined. */
function nextVisible(block: string, from: number): string | undefined {
  for (let at = from; at < block.length; at++) {
    if (!/\s/.test(block[at]!)) return String.fromCodePoint(block.codePointAt(at)!);
  }
  return undefined;
}

/** The longest word read back from a mark: longer than any abbreviation or initialism it is checked against. */
const MAX_WORD_CHARS = 32;

/**
 * The word that ends at `index` (back to the whitespace before it, at most `MAX_WORD_CHARS`): a text
 * without whitespace and with a mark every few characters (`X.。X.。…`, as CJK marks end a sentence
 * with no space) would otherwise be read back to its start at every mark.
 */
function wordBefore(block: string, index: number): string {
  let start = index;
  while (start > 0 && index - start < MAX_WORD_CHARS && !/\s/.test(block[start - 1]!)) start--;
  return block.slice(start, index);
}

function endsSentence(block: string, index: number, mark: string, after: number): boolean {
  const ellipsis = mark.startsWith('..') || mark.startsWith('…');
  if (!mark.startsWith('.') && !ellipsis) return true;
  const next = nextVisible(block, after);
  if (next === undefined) return true;
  const lowerNext = /\p{Ll}/u.test(next);
  // "and so… the" goes on; "and so… The" is a new sentence.
  if (ellipsis) return !lowerNext;
  const token = wordBefore(block, index).replace(/^["'“‘([]+/, '') + '.';
  const lower = token.toLowerCase();
  if (NEVER_ENDS.has(lower) || (BEFORE_LOWER_CASE.has(lower) && lowerNext)) return false;
  if (BEFORE_NUMBERS.has(lower) && (lowerNext || /\d/.test(next))) return false;
  // Initials and initialisms: "A. Gulli", "U.S.", "a.m.", "the U.S. economy".
  if (/^(?:\p{L}\.)+$/u.test(token)) return false;
  // A list number that starts the block ("1. buses").
  if (/^\d+\.$/.test(token) && block.slice(0, index).trim() === token.slice(0, -1)) return false;
  // Any other word before the period ends the sentence, whatever case follows: a sentence a model
  // starts in lower case ("… fell 6% [2]. the tram opened in 2023.") is still checked on its own, or one
  // citation would vouch for every claim run on after it.
  return true;
}

/** A piece that is only a citation ("[1]." at the start of a reference line) joins its neighbour. */
function attachLoneCitations(pieces: string[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const piece of pieces) {
    if (CITATION_ONLY.test(piece)) {
      carry += `${piece} `;
      continue;
    }
    out.push(carry + piece);
    carry = '';
  }
  if (carry !== '') {
    if (out.length > 0) out[out.length - 1] += ` ${carry.trim()}`;
    else out.push(carry.trim());
  }
  return out;
}
