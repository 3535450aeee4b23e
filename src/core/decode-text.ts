/** The byte order marks a text file or body may start with, and the encoding each names. */
const BYTE_ORDER_MARKS: ReadonlyArray<readonly [readonly number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function startsWith(bytes: Uint8Array, mark: readonly number[]): boolean {
  return mark.every((byte, index) => bytes[index] === byte);
}

/**
 * Bytes as the text a model is shown, or undefined for binary data (text that holds a NUL). The encoding is the one
 * a byte order mark names, as the Encoding standard decodes, else `label`'s (a content type's charset), else UTF-8.
 * Read as UTF-8 whatever its mark, a UTF-16 text file (what PowerShell 5.1 and Windows tools write) held NULs and
 * was called binary: `read_file` did not show it and `search_files` skipped it (found by an adversarial pass).
 */
export function decodeText(bytes: Uint8Array, label = 'utf-8'): string | undefined {
  const marked = BYTE_ORDER_MARKS.find(([mark]) => startsWith(bytes, mark))?.[1];
  const text = decoderFor(marked ?? label).decode(bytes);
  return text.includes('\0') ? undefined : text;
}

/** The decoder of an encoding's label; UTF-8's for one the Encoding standard does not know. */
function decoderFor(label: string): { decode(input: Uint8Array): string } {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}
