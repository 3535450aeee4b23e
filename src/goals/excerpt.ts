import { cutText } from '../core/cut-text.ts';

/** `text` on one line, cut to `max` characters with an ellipsis, for evidence; never inside an emoji (`cutText`). */
export function shorten(text: string, max = 120): string {
  return cutText(text.replace(/\s+/g, ' ').trim(), max);
}

/** Whether `at` is between the halves of a character outside the BMP (an emoji), where a cut leaves U+FFFD. */
function insidePair(text: string, at: number): boolean {
  return /[\uDC00-\uDFFF]/.test(text[at] ?? '') && /[\uD800-\uDBFF]/.test(text[at - 1] ?? '');
}

/** The text around `index` (a match of `length` characters), on one line, for evidence; its ends never inside an emoji. */
export function excerptAround(text: string, index: number, length: number, radius = 40): string {
  let start = Math.max(0, index - radius);
  let end = Math.min(text.length, index + length + radius);
  if (insidePair(text, start)) start++;
  if (insidePair(text, end)) end--;
  const body = text.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/** The 1-based line number of a character index. */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * For a structured result whose JSON has what its values do not (a key, `"field": value`): a note
 * that says so, and what checks structure; '' otherwise.
 */
export function onlyInJson(json: string, values: string, foundInJson: boolean): string {
  return json !== values && foundInJson ? ' in the values of the result (only its JSON has it, in a key or in JSON syntax; text checks read the values, check structure with json_schema)' : '';
}
