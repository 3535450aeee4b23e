/** The characters a line reader may end a line at that JSON.stringify writes as they are: NEL, U+2028 and U+2029. */
const LINE_BREAKING = /[\u0085\u2028\u2029]/g;
/** `LINE_BREAKING` without the `g` flag: a global pattern's `test` starts where its last match ended. */
const ANY_LINE_BREAKING = new RegExp(LINE_BREAKING.source);

/**
 * JSON.stringify's text made one line for every JSON-lines reader: NEL (U+0085), U+2028 and U+2029 in its strings
 * written as `\u` escapes, which parse back to the same characters. JSON.stringify escapes the other controls but
 * leaves these, and Python's `str.splitlines()` (the common `read().splitlines()`), .NET's line readers of old and
 * editors end a line at them: a tool's or a model's text holding one cut its trace line in two, neither of them JSON.
 */
export function jsonLine(json: string): string {
  // Most lines hold none: a test, where a replace with a callback costs more to find nothing.
  if (!ANY_LINE_BREAKING.test(json)) return json;
  return json.replace(LINE_BREAKING, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
