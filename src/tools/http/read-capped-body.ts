import { decodeText } from '../../core/decode-text.ts';

/** A response body read up to a cap. */
export interface CappedBody {
  /** The body as text, or undefined when it is binary (`decodeText`): an image read as text was a megabyte of `\uFFFD`s and NULs. */
  readonly text: string | undefined;
  /** Bytes received before the cap stopped the read. */
  readonly bytes: number;
  readonly truncated: boolean;
}

/**
 * The charset a response's content type names, if any: a body is read in it (`decodeText`), not always as UTF-8, and a
 * Latin-1 page's `café` reached the model as `caf\uFFFD` (found by an adversarial pass).
 */
function charsetOf(response: Response): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(response.headers.get('content-type') ?? '')?.[1];
}

/**
 * The code of the decoder's error when reading a body failed because it is not what its content-encoding names
 * (zlib's `Z_DATA_ERROR`, brotli's `ERR__ERROR_FORMAT_…`, `ZSTD_error_…`): the server's answer, which asking again repeats.
 */
export function bodyDecodingCode(error: unknown): string | undefined {
  const code = ((error as { cause?: { code?: unknown } } | undefined)?.cause ?? {}).code;
  return typeof code === 'string' && /^(?:Z_|ERR__ERROR_|ZSTD_error_)/.test(code) ? code : undefined;
}

/** Reads a response body in its charset (`charsetOf`, `decodeText`), stopping (and cancelling the stream) once `maxBytes` is reached. */
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
  const text = decodeText(Buffer.concat(chunks), charsetOf(response));
  return { text: truncated && text?.endsWith('\uFFFD') ? text.slice(0, -1) : text, bytes, truncated };
}
