const CR = 0x0d;
const LF = 0x0a;

/**
 * An event stream (`text/event-stream`) passed through until one event (its lines up to the blank line that ends it)
 * holds more than `limit` bytes: then its stream is cancelled and the body errors with what `over` makes. Each event
 * is one message; the stream as a whole may carry any number (a call's answer brings the server's notifications first).
 */
export function limitedEvents(body: ReadableStream<Uint8Array>, limit: number, over: () => Error): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  /** Bytes of the event under way, of its line under way, and whether the last byte was a CR (a line end, or the start of CRLF). */
  let eventBytes = 0;
  let lineBytes = 0;
  let afterCr = false;
  /** Whether `chunk` takes an event past `limit`, counting as an event-stream reader splits lines (CRLF, LF or CR). */
  const overflows = (chunk: Uint8Array): boolean => {
    for (const byte of chunk) {
      if (byte === LF && afterCr) {
        afterCr = false;
        continue;
      }
      afterCr = byte === CR;
      if (byte === CR || byte === LF) {
        if (lineBytes === 0) eventBytes = 0;
        lineBytes = 0;
        continue;
      }
      lineBytes++;
      if (++eventBytes > limit) return true;
    }
    return false;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(error);
        return;
      }
      if (chunk.done) return controller.close();
      if (!overflows(chunk.value)) return controller.enqueue(chunk.value);
      const error = over();
      await reader.cancel(error).catch(() => undefined);
      controller.error(error);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
