import { normalizeLinear } from './normalize-linear.ts';

/**
 * Characters a reader cannot see but a model (or a search) reads: Unicode's default-ignorable code
 * points, which a renderer draws as nothing unless it supports them. Among them zero-width and word
 * joiners, invisible operators, the byte-order mark, the soft hyphen, bidi embeddings, overrides and
 * isolates, Unicode tag characters, the combining grapheme joiner, Hangul fillers, Mongolian free
 * variation selectors, and variation selectors (U+FE00–FE0F, U+E0100–E01EF), which carry a byte each
 * after any character ("emoji smuggling"); an emoji without its VS16 still shows. A hand-picked list
 * missed some of them (U+034F, U+180B: `AK\u034FIA` passed `not_contains: AKIA`). Global: use it with
 * `replace`.
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** `text` as a reader sees it, for a search: invisible characters removed, compatibility forms folded (NFKC: `ＡＫＩＡ` is `AKIA`). */
export function visibleText(text: string): string {
  // In linear time: ICU's NFKC is quadratic in a run of combining marks (found by a review).
  return normalizeLinear(text.replace(INVISIBLE, ''), 'NFKC');
}

/**
 * A JSON Schema pattern that finds a character a reader sees: one neither a space nor invisible (INVISIBLE), in the
 * Basic Multilingual Plane (written out, since an editor may read a pattern without the `u` flag that `\p{…}` needs;
 * a test checks it against INVISIBLE). So plan.schema.json refuses the blank text hasVisibleText refuses, but for
 * invisible characters past U+FFFF and what NFKC folds to a space.
 */
export const VISIBLE_CHARACTER_PATTERN =
  '[^\\u0009-\\u000D\\u0020\\u00A0\\u00AD\\u034F\\u061C\\u115F-\\u1160\\u1680\\u17B4-\\u17B5\\u180B-\\u180F\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8]';

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
