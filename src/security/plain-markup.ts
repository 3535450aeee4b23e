import { codeSpanScanCost, MAX_CODE_SPAN_SCAN } from './code-span-scan.ts';
import { columns, containerEndCost, leadingMarkers, opensContainer, underlineAt } from './container-scan.ts';
import { MAX_TITLE_SCAN, parenTitleOpeners } from './title-scan.ts';

/** Brackets, or table pipes, beyond this many are made plain text before the text is parsed. */
export const MAX_MARKUP = 2_000;

/** How many of `chars` are in `text`. */
function count(text: string, chars: string): number {
  let found = 0;
  for (let at = 0; at < text.length; at++) if (chars.includes(text[at]!)) found++;
  return found;
}

/** Openers of inline HTML that may run to the end of their paragraph (`<?`, `<!`) beyond this many are made plain. */
export const MAX_HTML_OPENERS = 200;
/**
 * Setext underlines (`===`, `---` alone on a line, or after quote and list markers) beyond this many are
 * escaped: micromark copies every event of the blocks before each heading they make (`'>=\n'` repeated,
 * 24 KiB: 2.7 s; without markers, `a\n=\n`, the same).
 */
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
export function boundedMarkup(text: string): { text: string; bounded: boolean } {
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
  const underlineRuns = parts.map((part, i) => (i % 2 === 0 ? underlineAt(part) : -1));
  const underlines = underlineRuns.filter((at) => at >= 0).length;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    const underline = underlines > MAX_UNDERLINES ? underlineRuns[i]! : -1;
    const nesting = line.length > MAX_LINE_NESTING ? leadingMarkers(line) : undefined;
    const deep = nesting !== undefined && nesting.markers > MAX_LINE_NESTING;
    if (underline >= 0 || deep) {
      // A deep line is escaped at its first marker, which makes all of it text; an underline at its run (`>\=`, `- \-`).
      const first = deep ? nesting.first : underline;
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
