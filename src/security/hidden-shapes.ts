import { applyEdits, type Edit } from './markdown-tree.ts';

/**
 * Past a limit of `plainHeavyMarkup` the tree lacks constructs GitHub still reads in the text: its
 * brackets are fullwidth (［ ］) or the markers that open its lines escaped, so an image, a title or a
 * definition there is text to the parser, and hidden on the page. They are taken out by their shape
 * instead, taking out too much rather than too little:
 * - from a line that may open a link or footnote definition (after any quote or list markers, written
 *   or escaped: `[`, `\[` or `［`, then `]:` or `］:` on the line, or no closing bracket on it) to the
 *   next blank line, so a title or label on the lines after goes too;
 * - an image's alt text, `!［…］` to its matching bracket;
 * - after `］(`, the title that follows a destination (`"…"`, `'…'`, `(…)`), to where it closes or to
 *   the end of the text.
 * Each character is read a bounded number of times.
 */
export function withoutHiddenShapes(text: string): string {
  return withoutBracketHidden(withoutDefinitionLines(text));
}

/** Where a line's content starts after its quote and list markers, written or escaped (`\>`, `\-`, `1\.`). */
function contentStart(line: string): number {
  let at = 0;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    const escaped = line[at] === '\\' ? 1 : 0;
    if (line[at + escaped] === '>') {
      at += escaped + 1;
      continue;
    }
    const marker = /^(?:\\?[-*+]|\d{1,9}\\?[.)])(?=[ \t]|$)/.exec(line.slice(at, at + 12))?.[0];
    if (marker === undefined) return at;
    at += marker.length;
  }
}

const DEFINITION_START = /^(?:\\?\[|\uFF3B)(?:[^\]\uFF3D\\]|\\.)*(?:$|[\]\uFF3D]:)/;

function withoutDefinitionLines(text: string): string {
  const parts = text.split(/(\r\n|\r|\n)/);
  let dropping = false;
  let out = '';
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    const content = line.slice(contentStart(line));
    if (/^[ \t]*$/.test(content)) dropping = false;
    else if (!dropping && DEFINITION_START.test(content)) dropping = true;
    if (!dropping) out += line + (parts[i + 1] ?? '');
  }
  return out;
}

const TITLE_CLOSE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '(': ')' };

function withoutBracketHidden(text: string): string {
  if (!text.includes('\uFF3D')) return text;
  const edits: Edit[] = [];
  const open: { at: number; image: boolean }[] = [];
  // Where the last destination and title read ended: a `］(` inside them is part of them.
  let readTo = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    // A blank line ends the paragraph, and with it every bracket still open.
    if (char === '\n' || (char === '\r' && text[at + 1] !== '\n')) {
      let next = at + 1;
      while (text[next] === ' ' || text[next] === '\t') next++;
      if (next === text.length || text[next] === '\n' || text[next] === '\r') open.length = 0;
    } else if (char === '\uFF3B') open.push({ at, image: text[at - 1] === '!' });
    else if (char === '\uFF3D') {
      const opener = open.pop();
      if (opener?.image) edits.push({ start: opener.at + 1, end: at, text: '' });
      if (text[at + 1] === '(' && at >= readTo) {
        const title = titleAfter(text, at + 2);
        readTo = title.readTo;
        if (title.span) edits.push({ ...title.span, text: '' });
      }
    }
  }
  return applyEdits(text, edits);
}

/** A resource's title (with the space before it) after its `(`, at `from`, and how far was read. */
function titleAfter(text: string, from: number): { span?: { start: number; end: number }; readTo: number } {
  let at = from;
  const spaces = (): void => {
    while (at < text.length && /[ \t\r\n]/.test(text[at]!)) at++;
  };
  spaces();
  if (text[at] === '<') {
    while (at < text.length && text[at] !== '>' && text[at] !== '\n' && text[at] !== '\r') at += text[at] === '\\' ? 2 : 1;
    at++;
  } else {
    let depth = 0;
    while (at < text.length && !/[\s]/.test(text[at]!)) {
      if (text[at] === '(') depth++;
      else if (text[at] === ')' && depth-- === 0) return { readTo: at };
      at += text[at] === '\\' ? 2 : 1;
    }
  }
  const start = at;
  spaces();
  const close = TITLE_CLOSE[text[at] ?? ''];
  if (close === undefined || at === start) return { readTo: at };
  at++;
  while (at < text.length && text[at] !== close) at += text[at] === '\\' ? 2 : 1;
  const end = Math.min(at + 1, text.length);
  return { span: { start, end }, readTo: end };
}
