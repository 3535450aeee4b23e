/**
 * The end (exclusive) of the balanced `{…}` or `[…]` that opens at `start`, strings respected; undefined when it
 * does not close before `limit` (default: the text's end).
 */
export function balancedJsonEnd(text: string, start: number, limit = text.length): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < Math.min(limit, text.length); i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}
