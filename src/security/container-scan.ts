/**
 * Block quotes, list items and footnote definitions followed line by line as micromark's document
 * tokenizer follows them, without parsing the blocks in them: how many markers open a line, and what
 * the containers' ends cost micromark (`containerEndCost`). `plain-markup.ts` escapes markers on these counts.
 */

/** A list item's marker, and the space or tab that must follow it. */
const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t])/;

/** Where the first non-space character of a line is, and how many container markers open it. */
export function leadingMarkers(line: string): { first: number; markers: number } {
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
    const list = LIST_MARKER.exec(line.slice(at, at + 11))?.[0];
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
export function columns(line: string): string {
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

export const opensContainer = (line: string, at: number): boolean => line[at] === '>' || listItemAt(line, at) !== undefined || footnoteAt(line, at) > 0;

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
 *
 * A lazy line costs too: micromark looks for what it continues by reading back every event of the
 * paragraph so far (`writeToChild`), and 16 KiB of `a\n` after `> a` took 0.9–5.6 s. Each such line
 * adds the lines since the paragraph may have begun (since the last blank line, or the last line that
 * opened or ended a container, whichever came later), at half the weight of a line copied at an end:
 * reading back an event costs micromark 25–35 ns, copying one at an end 45–110 ns.
 */
export function containerEndCost(lines: readonly string[]): number {
  const open: Container[] = [];
  let cost = 0;
  let seen = 0;
  // Lines micromark may read back at lazy lines, and the lines of the paragraph a lazy line may continue.
  let readBack = 0;
  let paragraph = 0;
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
    const before = open.length;
    // A line that opens or ends a container closes micromark's flow, and the paragraph in it.
    let closed = false;
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
        closed = true;
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
        readBack += paragraph;
        paragraph++;
        continue;
      }
    }
    const depth = open.length;
    const contentAt = opened(line, at);
    const content = line.slice(contentAt);
    // After anything but a paragraph's text, no paragraph may be left for a later line to continue.
    if (open.length !== depth || !PLAIN.test(content)) for (const container of open) container.counted = false;
    if (closed || open.length !== before || open.length !== depth) paragraph = 0;
    paragraph = contentAt >= lastText ? 0 : paragraph + 1;
  }
  return cost + Math.floor(readBack / 2);
}

const UNDERLINE_RUN = /(?:=+|-+)[ \t]*$/y;

/**
 * Where the run of `=` or `-` starts on a line that could underline a setext heading, after any spaces
 * and quote or list markers (`===`, `> ---`, `- -`), or -1. Indented lines count too (code at the top,
 * an underline inside an item): the count may only be too high.
 */
export function underlineAt(line: string): number {
  for (let at = 0; ; ) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    UNDERLINE_RUN.lastIndex = at;
    if (UNDERLINE_RUN.test(line)) return at;
    if (line[at] === '>') at++;
    else {
      const list = LIST_MARKER.exec(line.slice(at, at + 11))?.[0];
      if (list === undefined) return -1;
      at += list.length;
    }
  }
}
