import stringWidth from 'string-width';

// Only a terminal's checklist loads this module (the CLI, when its output is one): string-width and this
// segmenter each build an `Intl.Segmenter` when they load, which starts ICU, 8–14 ms of every action
// start when they were loaded with the checklist, whose log mode never measures a line.
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The columns a character (a grapheme) may take: a terminal that joins an emoji sequence (`👨‍👩‍👧`) draws it
 * as one emoji, xterm, VTE, Alacritty and tmux draw each emoji in it. The larger, so a line fits on both:
 * 25 emoji joined by U+200D, measured as two columns, took 50, and the line wrapped.
 */
function segmentColumns(segment: string): number {
  const joined = stringWidth(segment);
  if (segment.length < 3) return joined;
  let apart = 0;
  for (const codePoint of segment) apart += stringWidth(codePoint);
  return Math.max(joined, apart);
}

/** The columns `line` may take, each character at its largest (`segmentColumns`). */
function lineColumns(line: string): number {
  if (/^[\x20-\x7e]*$/.test(line)) return line.length;
  let used = 0;
  for (const { segment } of graphemes.segment(line)) used += segmentColumns(segment);
  return used;
}

/**
 * The line cut to fit a terminal `columns` wide with a column to spare, so it never wraps: counted in the
 * columns a terminal gives it (emoji and East Asian wide characters take two, combining marks none),
 * not in code points, which let a line of CJK step names wrap and each redraw miscount its lines.
 */
export function cutToColumns(line: string, columns: number): string {
  const room = Math.max(1, columns - 1);
  if (lineColumns(line) <= room) return line;
  let used = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(line)) {
    used += segmentColumns(segment);
    if (used > room - 1) break;
    end = index + segment.length;
  }
  // eslint-disable-next-line plan-runner/no-raw-text-cut -- `end` is a grapheme's end, never inside a character.
  return `${line.slice(0, end)}…`;
}

/**
 * `consoleChecklist`'s `fit` for a terminal `columns()` wide, read at each line: a terminal made narrower
 * mid-run wrapped every later frame when the width was read once. A line stays as it is while the width is not known (0).
 */
export function fitToColumns(columns: () => number | undefined): (line: string) => string {
  return (line) => {
    const width = columns();
    return width ? cutToColumns(line, width) : line;
  };
}
