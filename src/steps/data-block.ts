import { sanitizeUntrusted, sanitizeUntrustedValue, UNTRUSTED_CHAR_LIMIT } from '../security/sanitize-untrusted.ts';
import { cutNote } from '../core/cut-note.ts';
import { groupDigits } from '../core/group-digits.ts';
import { keptUnits } from '../core/cut-text.ts';

/** Results longer than this many characters are cut in prompts (the trace keeps them whole). */
export const RESULT_CHAR_LIMIT = 8_000;

/**
 * Text read raw is sanitised whole (raw, the sanitiser reads all of it in any case), and the caller cuts it and
 * counts what it left out on the whole: the sanitiser's own cut at `UNTRUSTED_CHAR_LIMIT` came first, and a
 * 100,000-character result was said to have 24,031 more characters past the 8,000 shown (found by an adversarial pass).
 */
const WHOLE = { maxChars: Number.POSITIVE_INFINITY };

/**
 * A result as prompt text: strings as they are (`dataBlock` sanitises them), anything else as
 * compact JSON whose strings were sanitised before encoding (encoded, hidden Markdown no longer parses;
 * a pull request's or an issue's body is read as GitHub renders it).
 */
export function promptText(result: unknown): string {
  if (typeof result === 'string') return result;
  try {
    return JSON.stringify(sanitizeUntrustedValue(result)) ?? String(result);
  } catch {
    return String(result);
  }
}

/** `clean` text cut to `limit` characters, with a visible note saying how much is missing and where it is. */
function cutClean(clean: string, limit: number, where: string): string {
  if (clean.length <= limit) return clean;
  const kept = clean.slice(0, keptUnits(clean, limit));
  // The kept text ends with `…` right where it was cut: the redactor hides the start of a known secret a cut leaves there.
  return `${kept}…\n${cutNote(`${groupDigits(clean.length - kept.length)} more characters; ${where}`)}`;
}

/**
 * Untrusted prompt text sanitised and then cut to `limit` characters, with a visible note saying how
 * much is missing and where it is. Always in that order: a cut made first can leave hidden text
 * (an image's alt, a link's title) open across the cut, where the sanitiser no longer sees it.
 */
export function promptExcerpt(text: string, limit = RESULT_CHAR_LIMIT): string {
  return cutClean(sanitizeUntrusted(text, WHOLE), limit, 'full result in the trace');
}

/**
 * A value (a result, an input, an item) as clean prompt text, cut to `limit`: a string sanitised, anything
 * else as `promptText` makes it, each of its strings sanitised once. Never sanitised twice: read again, a
 * comment's label was taken for visible text by the second reading, and visible text for a label (found
 * by a review). What it returns goes into `dataBlock(…, clean = true)`.
 */
export function promptData(value: unknown, limit = RESULT_CHAR_LIMIT, where = 'full result in the trace'): string {
  return cutClean(typeof value === 'string' ? sanitizeUntrusted(value, WHOLE) : promptText(value), limit, where);
}

/**
 * What the data block of a step's result says when the step has none (it failed or was skipped), and why: told plainly,
 * so the model writes around the gap instead of inventing the missing input. Raw text, for `dataBlock` to sanitise.
 */
export function missingResultText(why: string | undefined): string {
  return why === undefined ? '(no result)' : `(no result: this input is missing because ${why}; work without it and say what is missing)`;
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\s+/g, ' ');
}

/**
 * Wraps untrusted text in a `<data …>` block labelled with `labels`, sanitised first (read raw:
 * `sanitizeUntrusted`) unless it is `clean` already (made by `promptExcerpt` or `promptData`).
 * Secrets are not this function's job: the run's model client redacts every prompt.
 * A closing tag inside the text is defused, so tool output cannot end the block early and pose as
 * instructions.
 */
export function dataBlock(labels: Readonly<Record<string, string | undefined>>, content: string, clean = false): string {
  const attributes = Object.entries(labels)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${attribute(sanitizeUntrusted(value, { maxChars: 500, read: 'rendered' }))}"`)
    .join('');
  // Escaped visibly (not with invisible characters, which the input sanitiser strips).
  // Text `promptExcerpt` made is clean (`clean`): read again, a label's own lines (a `<b>` starting one)
  // changed how the text after it read, and a visible paragraph was labelled hidden (found by a review).
  // With blanks too (`</ data>`, `< /data>`), which a model may read as the same tag (found by an adversarial pass).
  // Each `<` reads on over the blanks after it once each way: linear.
  const body = (clean ? content : sanitizeUntrusted(content)).replace(/<((?:\s*\/)?\s*data\b)/gi, '&lt;$1');
  return `<data${attributes}>\n${body}\n</data>`;
}

/**
 * The blocks of the items that fit in `limit` characters of a prompt, by item: taken in `priority` order,
 * each if its block still fits in what is left (a later, shorter one may come where an earlier one did not).
 */
export function fitBlocks<T>(priority: Iterable<T>, blockOf: (item: T) => string, limit: number): Map<T, string> {
  const shown = new Map<T, string>();
  let room = limit;
  for (const item of priority) {
    const block = blockOf(item);
    if (block.length > room) continue;
    shown.set(item, block);
    room -= block.length;
  }
  return shown;
}

/**
 * The data block of `clean` text (made by `promptData` with no limit) in at most `room` characters: the text cut to
 * `limit`, and further as far as the room needs, but to no fewer than `least` characters, even when that does not fit.
 */
export function dataBlockInRoom(labels: Readonly<Record<string, string | undefined>>, clean: string, sizes: { readonly limit: number; readonly least: number; readonly room: number }, where = 'full value in the trace'): string {
  let kept = Math.min(sizes.limit, clean.length);
  let block = dataBlock(labels, cutClean(clean, kept, where), true);
  // Each pass cuts what the block is over by: the wrapper, the cut note and defused tags come on top of the text.
  while (block.length > sizes.room && kept > sizes.least) {
    kept = Math.max(sizes.least, kept - (block.length - sizes.room));
    block = dataBlock(labels, cutClean(clean, kept, where), true);
  }
  return block;
}

/** Inputs and items as prompt text: whole up to what untrusted text may take (`UNTRUSTED_CHAR_LIMIT`). */
export function promptValue(value: unknown): string {
  return promptData(value, UNTRUSTED_CHAR_LIMIT, 'full value in the trace');
}
