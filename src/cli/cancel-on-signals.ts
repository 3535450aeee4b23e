/**
 * Cancels `controller` on SIGINT and SIGTERM, every time one comes: the first aborts the run, which
 * still writes its summary and trace; a later one only says so (`say`). With `process.once`, a second
 * Ctrl-C got Node's default handling and ended the process at once, before those were written.
 * Returns a function that removes the handlers.
 */
export function cancelOnSignals(controller: AbortController, say: (line: string) => void): () => void {
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const handler = (): void => {
      if (controller.signal.aborted) say(`plan-runner: already stopping (${signal} again): writing the summary and the trace\n`);
      controller.abort(signal);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
  };
}
