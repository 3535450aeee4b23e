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

const CUT_NOTE_LINE = /^\[cut: [^\n]*\]\r?$/m;

/** The first cut note in `text` (a line of its own), or undefined when the text holds none. */
export function cutNoteIn(text: string): string | undefined {
  if (!text.includes('[cut: ')) return undefined;
  return CUT_NOTE_LINE.exec(text)?.[0].trimEnd();
}
