/**
 * Control characters but the tab, the line feed and a CR that ends a line with it (`\r\n`), and the bidi
 * embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which make text display in another order
 * than it reads ("Trojan Source"); the marks U+200E/U+200F that right-to-left writing uses stay.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;
/** `CONTROL` without the `g` flag: a global pattern's `test` starts where its last match ended. */
const ANY_CONTROL = new RegExp(CONTROL.source);

/**
 * `text` with every control character shown as a symbol (ESC as ␛): a checklist line is drawn on a
 * terminal, where an escape sequence, a lone `\r`, a vertical tab or a form feed from a tool's output
 * would move the cursor and overwrite what is shown, or make a line that a log reader takes for a
 * workflow command. Tabs and line breaks (`\n`, `\r\n`) stay.
 */
export function visibleControls(text: string): string {
  // Most text has none: a test, where a replace with a callback costs three times as much to find nothing.
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}
