/** A response body read up to a cap. */
export interface CappedBody {
  readonly text: string;
  /** Bytes received before the cap stopped the read. */
  readonly bytes: number;
  readonly truncated: boolean;
}

/** Reads a response body as UTF-8, stopping (and cancelling the stream) once `maxBytes` is reached. */
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
  const text = new TextDecoder('utf-8').decode(Buffer.concat(chunks));
  return { text: truncated && text.endsWith('\uFFFD') ? text.slice(0, -1) : text, bytes, truncated };
}
