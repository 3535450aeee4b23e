import { applyEdits, type Edit } from './markdown-tree.ts';
import { isSpace, nextWhere, paragraphEnds } from './text-positions.ts';

/**
 * Past a limit of `plainHeavyMarkup` the tree lacks constructs GitHub still reads in the text: its
 * brackets are fullwidth (［ ］) or the markers that open its lines escaped, so an image, a title or a
 * definition there is text to the parser, and hidden on the page. They are taken out by their shape
 * instead, taking out too much rather than too little, each character read a bounded number of times:
 * before the parse, by lines (`hidden-lines.ts`); after it (`withoutBracketHidden`), an image's alt
 * text, `!［…］` to its matching bracket, and after `］(`, the title that follows a destination (`"…"`,
 * `'…'`, `(…)`), to where it closes or to the end.
 */
// A title's `(` made plain past MAX_TITLE_SCAN (（) still opens one on GitHub.
const TITLE_CLOSE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '(': ')', '\uFF08': ')' };
const OPENS = new Set(['[', '\uFF3B']);
const CLOSES = new Set([']', '\uFF3D']);
/** What makes an image's alt text end elsewhere than its matching bracket: code, HTML, an autolink, a link. */
const UNSURE = new Set(['`', '\uFF40', '<', '\uFF1C']);

export function withoutBracketHidden(text: string): string {
  if (!text.includes(']') && !text.includes('\uFF3D')) return text;
  const space = nextWhere(text, (at) => isSpace(text[at]));
  const solid = nextWhere(text, (at) => !isSpace(text[at]));
  const angle = nextWhere(text, (at) => text[at] === '>' || text[at] === '\n' || text[at] === '\r');
  const unsure = new Int32Array(text.length + 1);
  // A link inside alt text (`](`) may hold a bracket in its destination too.
  for (let at = 0; at < text.length; at++) unsure[at + 1] = unsure[at]! + (UNSURE.has(text[at]!) || (text[at] === '(' && CLOSES.has(text[at - 1] ?? '')) ? 1 : 0);
  const paragraphEnd = paragraphEnds(text);
  const edits: Edit[] = [];
  const open: { at: number; image: boolean }[] = [];
  // Where the last title taken out ended: a `](` inside it is part of it.
  let readTo = 0;
  let slashes = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    const escaped = slashes % 2 === 1;
    slashes = char === '\\' ? slashes + 1 : 0;
    if (char === '\n' || char === '\r') {
      if (paragraphEnd[at]! === at) open.length = 0;
    } else if (OPENS.has(char) && !escaped) open.push({ at, image: text[at - 1] === '!' });
    else if (CLOSES.has(char) && !escaped) {
      const opener = open.pop();
      // Where the alt text holds code or HTML, GitHub may end it at a later bracket: all of it to the paragraph's end goes.
      if (opener?.image) edits.push({ start: opener.at + 1, end: unsure[at]! > unsure[opener.at]! ? paragraphEnd[at]! : at, text: '' });
      // A full reference's label shows nowhere: `![alt][label]`, `[text][label]`.
      const label = OPENS.has(text[at + 1] ?? '') ? text.slice(at + 2, at + 1002).search(/[\]\uFF3D\n\r]/) : -1;
      if (label > 0) edits.push({ start: at + 2, end: at + 2 + label, text: '' });
      if (text[at + 1] === '(' && at >= readTo) {
        const title = titleAfter(at + 2);
        if (title) {
          edits.push({ ...title, text: '' });
          readTo = title.end;
        }
      }
    }
  }
  return applyEdits(text, edits);

  /** A resource's title (with the space before it) after its `(` at `from - 1`: to where it closes, or its paragraph's end. */
  function titleAfter(from: number): { start: number; end: number } | undefined {
    let at = solid[from]!;
    if (text[at] === '<') at = angle[at]! + 1;
    else {
      // The destination ends at a space; a `)` it leaves unbalanced ends the whole resource (read up to 1 KiB of it).
      const end = space[at]!;
      let depth = 0;
      for (let inside = at; inside < Math.min(end, at + 1024); inside++) {
        if (text[inside] === '(') depth++;
        else if (text[inside] === ')' && --depth < 0) return undefined;
        else if (text[inside] === '\\') inside++;
      }
      at = end;
    }
    const start = at;
    at = solid[at]!;
    const close = TITLE_CLOSE[text[at] ?? ''];
    if (close === undefined || at === start) return undefined;
    const stop = paragraphEnd[at]!;
    let end = at + 1;
    while (end < stop && text[end] !== close) end += text[end] === '\\' ? 2 : 1;
    return { start, end: Math.min(end + 1, stop) };
  }
}
