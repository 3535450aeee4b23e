/** A result as the text checks read it: the text of its values, and its keys. */
export interface ValueText {
  /**
   * A string result as it is. Of structured data (an object or a list), every string, number and
   * boolean in it, in order, each its own paragraph: strings decoded, never as JSON escapes. Keys,
   * nulls and JSON punctuation are not its text: `{"approved": false}` does not contain "approved",
   * and `[null, null, null]` has no words.
   */
  readonly values: string;
  /** Its strings alone, each its own paragraph: the sentences of a structured result (a `true` or a count is no sentence). */
  readonly strings: string;
  /** The keys of its objects, a line each ('' for a string result): `not_contains` looks there too. */
  readonly keys: string;
}

/** The text of `result`'s values and keys (see `ValueText`); walked without recursion. */
export function valueText(result: unknown): ValueText {
  if (typeof result === 'string') return { values: result, strings: result, keys: '' };
  const values: string[] = [];
  const strings: string[] = [];
  const keys: string[] = [];
  const stack: unknown[] = [result];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      values.push(item);
      strings.push(item);
    }
    else if (typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint') values.push(String(item));
    else if (item !== null && typeof item === 'object' && !seen.has(item)) {
      seen.add(item);
      const entries = Array.isArray(item) ? item.map((inner) => ['', inner] as const) : Object.entries(item);
      for (const [key] of entries) if (key !== '' || !Array.isArray(item)) keys.push(key);
      // Reversed onto the stack, so values come out in the order they are written.
      for (let index = entries.length - 1; index >= 0; index--) stack.push(entries[index]![1]);
    }
  }
  return { values: values.join('\n\n'), strings: strings.join('\n\n'), keys: keys.join('\n') };
}
