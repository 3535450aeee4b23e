/**
 * The 1-based line and column of `offset` in `text`, columns in UTF-16 units as every plan error counts them; lines
 * end at `\n` only (a lone `\r` is refused before anything is positioned).
 */
export function positionAt(text: string, offset: number): { readonly line: number; readonly column: number } {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line += 1;
  return { line, column: offset - text.lastIndexOf('\n', offset - 1) };
}
