/**
 * `body` passed through chunk by chunk until `overflows` says a chunk takes it past its limit (or at once when
 * `overNow`): then its stream is cancelled and the body errors with what `over` makes. The one stream guard of
 * `limitedBody` (bytes in all) and the MCP event streams' `limitedEvents` (bytes of each event).
 */
export function guardedBody(body: ReadableStream<Uint8Array>, overflows: (chunk: Uint8Array) => boolean, over: () => Error, overNow = false): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const stop = async (controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> => {
    const error = over();
    await reader.cancel(error).catch(() => undefined);
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (overNow) return stop(controller);
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        controller.error(error);
        return;
      }
      if (chunk.done) return controller.close();
      if (!overflows(chunk.value)) return controller.enqueue(chunk.value);
      return stop(controller);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * `body` passed through until more than `limit` bytes have come, or at once when its declared length
 * (`content-length`) is more: then its stream is cancelled and the body errors with what `over` makes.
 * For readers that take a body whole (the `openai` and MCP SDKs), which an endpoint sending without end
 * would otherwise let fill the process's memory.
 */
export function limitedBody(body: ReadableStream<Uint8Array>, limit: number, over: () => Error, declaredBytes = Number.NaN): ReadableStream<Uint8Array> {
  let seen = 0;
  return guardedBody(body, (chunk) => (seen += chunk.byteLength) > limit, over, declaredBytes > limit);
}
