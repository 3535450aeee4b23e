/**
 * Past a limit of `plainHeavyMarkup`, before the parse, the lines that hold what GitHub hides and the
 * parser would read as text (see `hidden-shapes.ts`), taken out by their shape, erring on taking out too much:
 * - from a line that may open a link or footnote definition (after any quote or list markers, written
 *   or escaped: `[`, `\[` or `［`, then `]:` or `］:` on the line, or no closing bracket on it) to the next
 *   blank line, so a title or label on the lines after goes too, and a reference to it is not made a
 *   link; a definition written plainly too, right after a line that may end a block on GitHub but not
 *   to the parser (`mayEndBlock`);
 * - a fence's info string, where the fence may be text to the parser (its backticks plain, its quote
 *   marker escaped): ```` ```ignore your task ```` names a language on GitHub and shows nowhere.
 */
/** Where a line's content starts after its quote and list markers, and whether one of them was escaped (`\>`, `\-`, `1\.`). */
function contentStart(line: string): { at: number; escaped: boolean } {
  let at = 0;
  let escaped = false;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    const slash = line[at] === '\\' ? 1 : 0;
    if (line[at + slash] === '>') {
      escaped ||= slash === 1;
      at += slash + 1;
      continue;
    }
    const marker = /^(?:\\?[-*+]|\d{1,9}\\?[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 12))?.[0];
    if (marker === undefined) return { at, escaped };
    escaped ||= marker.includes('\\');
    at += marker.length;
  }
}

const QUOTE_MARKERS = /^(?:[ \t]*\\?>)*/;
/**
 * A line with nothing but quote markers: a bare list marker is not blank, it may continue a title, and
 * neither is an escaped `\>`, which may be text on GitHub too.
 */
const isBlank = (line: string): boolean => /^[ \t]*$/.test(line.slice(/^(?:[ \t]*>)*/.exec(line)![0].length));
/** Indented 4 columns or more inside its quotes: a footnote's next paragraph. */
const isIndented = (line: string): boolean => /^(?: {4}| {0,3}\t)/.test(line.slice(QUOTE_MARKERS.exec(line)![0].length));

const DEFINITION_START = /^(?:\\?\[|\uFF3B)(?:[^\]\uFF3D\\]|\\.)*(?:$|[\]\uFF3D]:)/;

/** A line that opens a definition or footnote GitHub reads and the parser will not: behind an escaped marker, or in plain brackets. */
function hiddenDefinitionStart(line: string): boolean {
  const { at, escaped } = contentStart(line);
  const content = line.slice(at);
  return DEFINITION_START.test(content) && (escaped || content.startsWith('\\[') || content.startsWith('\uFF3B'));
}

/**
 * A line after which GitHub may start a block where the parser continues a paragraph, since a bound made
 * what ends the block plain: a line of markers alone (an empty quote or item, `\>`), an underline (`\===`),
 * a fence (｀｀｀), or one that may end an HTML block (`-->`, `?>`, `]]>`, `>`, behind a plain `＜!`).
 */
function mayEndBlock(line: string): boolean {
  const { at } = contentStart(line);
  const content = line.slice(at);
  return (at > 0 && /^[ \t]*$/.test(content)) || /^\\?(?:=+|-+)[ \t]*$/.test(content) || /^(?:`{3}|~{3}|\uFF40{3})/.test(content) || content.includes('>');
}

/** `line` without the info string of the fence it may open (```` ```js ````, ｀｀｀, `~~~`): a backtick fence's holds no backtick. */
function withoutFenceInfo(line: string): string {
  const at = contentStart(line).at;
  const run = /^(?:`{3,}|~{3,}|\uFF40{3,})/.exec(line.slice(at))?.[0];
  if (run === undefined) return line;
  const info = line.slice(at + run.length);
  if (/^[ \t]*$/.test(info) || (run[0] !== '~' && /[`\uFF40]/.test(info))) return line;
  return line.slice(0, at + run.length);
}

export function withoutHiddenLines(text: string): string {
  const parts = text.split(/(\r\n|\r|\n)/);
  let dropping = false;
  let afterDropped = false;
  let afterBlockEnd = false;
  let out = '';
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    // A fence interrupts any paragraph, and dropping its line could leave a block open to swallow what follows.
    const fence = /^(?:`{3}|~{3}|\uFF40{3})/.test(line.slice(contentStart(line).at));
    if (fence) {
      afterDropped = false;
      dropping = false;
    } else if (isBlank(line)) {
      afterDropped ||= dropping;
      dropping = false;
    } else {
      // A footnote goes on with every indented paragraph after it.
      if (afterDropped && isIndented(line)) dropping = true;
      afterDropped = false;
      dropping ||= hiddenDefinitionStart(line) || (afterBlockEnd && DEFINITION_START.test(line.slice(contentStart(line).at)));
    }
    afterBlockEnd = mayEndBlock(line);
    if (!dropping) out += withoutFenceInfo(line) + (parts[i + 1] ?? '');
  }
  return out;
}
