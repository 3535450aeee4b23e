/** `text` on one line, cut to `max` characters with an ellipsis, for evidence. */
export function shorten(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The text around `index` (a match of `length` characters), on one line, for evidence. */
export function excerptAround(text: string, index: number, length: number, radius = 40): string {
  const start = Math.max(0, index - radius);
  const end = Math.min(text.length, index + length + radius);
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
