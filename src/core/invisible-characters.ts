/**
 * Characters a reader cannot see but a model (or a search) reads: zero-width and word joiners,
 * invisible operators, deprecated format characters, the byte-order mark, bidi
 * embeddings/overrides/isolates, Unicode tag characters, and variation selectors (U+FE00–FE0F,
 * U+E0100–E01EF), which carry a byte each after any character ("emoji smuggling"); an emoji without
 * its VS16 still shows. Global: use it with `replace`.
 */
export const INVISIBLE = /[\u00AD\u061C\u180E\u200B-\u200F\u2060-\u2064\u206A-\u206F\uFEFF\uFE00-\uFE0F\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F\uDD00-\uDDEF]/g;

/** `text` as a reader sees it, for a search: invisible characters removed, compatibility forms folded (NFKC: `ＡＫＩＡ` is `AKIA`). */
export function visibleText(text: string): string {
  return text.replace(INVISIBLE, '').normalize('NFKC');
}

const PRINTABLE_ASCII = /[!-~]/;

/** Whether a reader would see anything in `text`: not only spaces and invisible characters (`"\u200b"` is an empty answer). */
export function hasVisibleText(text: string | null | undefined): text is string {
  if (typeof text !== 'string') return false;
  // A printable ASCII character is visible whatever surrounds it: no invisible character is ASCII, NFKC
  // keeps it (or composes it into another letter) and trim keeps it. So most answers need no NFKC copy,
  // which for an 8 MiB answer took 32 MB and 50 ms.
  if (PRINTABLE_ASCII.test(text)) return true;
  return visibleText(text).trim() !== '';
}
