/**
 * The line a tool puts in its result where it returns only part of what it read (a file, a response,
 * a diff, a list of matches): `[cut: file is 312.5 KiB; showing the first 256 KiB]`. One format, made
 * here, so that a goal that must read the whole of a result (`not_contains`, `max_chars`) can tell it
 * was given a part (see `cutNoteIn`).
 */
export function cutNote(words: string): string {
  // One line, whatever the words hold (a pattern with a line break split the note, and no goal saw it).
  return `[cut: ${words.replace(/[\r\n\u2028\u2029]+/g, ' ')}]`;
}

// Not past a line's end, which with the m flag is also a lone \r, U+2028 or U+2029: with [^\n]* each `[cut: ` after
// one read the rest of the text, and '[cut: x' and U+2028 repeated took 15 s at 512 KiB (found by an adversarial pass).
// eslint-disable-next-line plan-runner/no-trailing-run-regex -- the run stops at every line break the m flag knows.
const CUT_NOTE_LINE = /^\[cut: [^\n\r\u2028\u2029]*\]\r?$/m;

/** The first cut note in `text` (a line of its own), or undefined when the text holds none. */
export function cutNoteIn(text: string): string | undefined {
  if (!text.includes('[cut: ')) return undefined;
  return CUT_NOTE_LINE.exec(text)?.[0].trimEnd();
}
