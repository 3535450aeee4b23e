/** A response body read up to a cap. */
export interface CappedBody {
  readonly text: string;
  /** Bytes received before the cap stopped the read. */
  readonly bytes: number;
  readonly truncated: boolean;
}

/**
 * The decoder for the charset a response's content type names; UTF-8 when it names none, or one the Encoding
 * standard does not know. Always UTF-8, a Latin-1 page's `café` reached the model as `caf\uFFFD` (found by an
 * adversarial pass).
 */
function decoderFor(response: Response): { decode(input: Uint8Array): string } {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(response.headers.get('content-type') ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * The code of the decoder's error when reading a body failed because it is not what its content-encoding names
 * (zlib's `Z_DATA_ERROR`, brotli's `ERR__ERROR_FORMAT_…`, `ZSTD_error_…`): the server's answer, which asking again repeats.
 */
export function bodyDecodingCode(error: unknown): string | undefined {
  const code = ((error as { cause?: { code?: unknown } } | undefined)?.cause ?? {}).code;
  return typeof code === 'string' && /^(?:Z_|ERR__ERROR_|ZSTD_error_)/.test(code) ? code : undefined;
}

/** Reads a response body in its charset (`decoderFor`), stopping (and cancelling the stream) once `maxBytes` is reached. */
export async function readCappedBody(response: Response, maxBytes: number): Promise<CappedBody> {
  if (response.body === null) return { text: '', bytes: 0, truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - bytes;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      bytes += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    bytes += value.byteLength;
  }
  const text = decoderFor(response).decode(Buffer.concat(chunks));
  return { text: truncated && text.endsWith('\uFFFD') ? text.slice(0, -1) : text, bytes, truncated };
}
