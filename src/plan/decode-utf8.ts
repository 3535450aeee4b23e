import { positionAt } from './text-position.ts';

export type Utf8Result =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly message: string; readonly position: { readonly line: number; readonly column: number } };

const fatal = new TextDecoder('utf-8', { fatal: true });

function isValidPrefix(bytes: Uint8Array, length: number): boolean {
  try {
    // `stream` lets a prefix end inside a character without counting as an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The offset of the first byte that makes `bytes` invalid UTF-8 (binary search over prefixes). */
function firstBadByte(bytes: Uint8Array): number {
  let low = 0;
  let high = bytes.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (isValidPrefix(bytes, middle + 1)) low = middle + 1;
    else high = middle;
  }
  // The prefix first fails at the byte that breaks a sequence; the sequence began at its lead byte.
  const offset = Math.min(low, bytes.length - 1);
  for (let back = 1; back <= 3 && offset - back >= 0; back++) {
    const byte = bytes[offset - back]!;
    if (byte >= 0xc0) return offset - back;
    if (byte < 0x80) break;
  }
  return offset;
}

/** Decodes a plan file as UTF-8 (dropping a byte-order mark), or says where the first bad byte is. */
export function decodeUtf8(bytes: Uint8Array): Utf8Result {
  try {
    return { ok: true, text: fatal.decode(bytes).replace(/^\uFEFF/, '') };
  } catch {
    const offset = firstBadByte(bytes);
    // Without the byte-order mark, which no other position counts (the text is read without it).
    const before = Buffer.from(bytes.subarray(0, offset)).toString('utf8').replace(/^\uFEFF/, '');
    const position = positionAt(before, before.length);
    const byte = bytes[offset]!.toString(16).padStart(2, '0');
    // A UTF-32 byte-order mark, whose little-endian form begins as UTF-16's does: it was called UTF-16.
    if ((bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) || (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff)) {
      return { ok: false, message: 'the file is UTF-32 (it starts with a UTF-32 byte order mark); save it as UTF-8', position: { line: 1, column: 1 } };
    }
    // A UTF-16 byte-order mark: "byte 0xff at offset 0" said nothing of why (found by a new-user walkthrough).
    if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
      return { ok: false, message: 'the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8', position: { line: 1, column: 1 } };
    }
    return { ok: false, message: `the file is not valid UTF-8 (byte 0x${byte} at offset ${offset}); save it as UTF-8`, position };
  }
}
