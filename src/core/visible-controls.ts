const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * `text` with every control character shown as a symbol (ESC as ␛): a checklist line is drawn on a
 * terminal, where an escape sequence or a `\r` from a tool's output would move the cursor and
 * overwrite what is shown, or make a line that a log reader takes for a workflow command.
 */
export function visibleControls(text: string): string {
  return text.replace(CONTROL, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? '\u2421' : '\ufffd';
  });
}
