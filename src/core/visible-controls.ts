/** Control characters but the tab, the line feed and a CR that ends a line with it (`\r\n`). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * `text` with every control character shown as a symbol (ESC as ␛): a checklist line is drawn on a
 * terminal, where an escape sequence, a lone `\r`, a vertical tab or a form feed from a tool's output
 * would move the cursor and overwrite what is shown, or make a line that a log reader takes for a
 * workflow command. Tabs and line breaks (`\n`, `\r\n`) stay.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}
