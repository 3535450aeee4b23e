/** Text waiting at least this long (in UTF-16 units) is written at once. */
const BATCH_CHARS = 64 * 1024;

type Write = (chunk: unknown, ...rest: unknown[]) => boolean;

/** How each batched stream writes what it holds. */
const flushes: (() => void)[] = [];

/** Writes at once what every batched stream holds: before a write through the same descriptor by other means (`--trace /dev/stdout`). */
export function flushBatchedOutput(): void {
  for (const flush of flushes) flush();
}

/**
 * A pipe's writes are asynchronous: libuv writes what the pipe takes and queues the rest, and what is
 * queued when the process exits is lost. One 64 KiB batch fills a pipe, so the batches behind it and the
 * last one, written on exit, were lost at `process.exit` or a crash (found by a review). Blocking, a write
 * is done when it returns, as a file's is (and a pipe's on Windows): the process waits for its reader.
 */
function blockingWrites(stream: NodeJS.WriteStream): void {
  (stream as { _handle?: { setBlocking?: (blocking: boolean) => unknown } })._handle?.setBlocking?.(true);
}

/**
 * Makes `out`, when it is not a terminal (a pipe to the runner, a file), write what it is given in one
 * turn of the event loop as one write, or at once when 64 KiB or more wait: a pipe's every write is a
 * system call, and a 10,000-step run's 30,000 checklist lines took 0.2–0.3 s of its 1.5 s in them.
 * Nothing is reordered: a write with a callback or an encoding, and any write to `after` (standard
 * error, which a log merges with it), first writes what `out` holds. Nothing is lost at exit, `process.exit` and a crash included:
 * what is held is written then, and every write to a pipe returns once the pipe has taken it. A terminal
 * is left as it is: its live checklist draws at most ten frames a second.
 *
 * Installed first, under anything else that wraps the stream's `write` (`neutraliseOutput`), so those
 * still see each message whole.
 */
export function batchOutput(out: NodeJS.WriteStream, after: readonly NodeJS.WriteStream[] = []): void {
  if (out.isTTY) return;
  for (const stream of [out, ...after]) if (!stream.isTTY) blockingWrites(stream);
  const write = out.write.bind(out) as Write;
  let pending = '';
  let scheduled: NodeJS.Immediate | undefined;
  /** Once the process exits no turn ends: what is written then (another 'exit' listener's last words) goes out at once. */
  let exiting = false;
  const flush = (): void => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(text);
  };
  const batched: Write = (chunk, ...rest) => {
    if (typeof chunk !== 'string' || rest.length > 0 || exiting) {
      flush();
      return write(chunk, ...rest);
    }
    pending += chunk;
    if (pending.length >= BATCH_CHARS) flush();
    else scheduled ??= setImmediate(flush);
    return true;
  };
  out.write = batched as typeof out.write;
  flushes.push(flush);
  for (const stream of after) {
    const own = stream.write.bind(stream) as Write;
    const first: Write = (...args) => {
      flush();
      return own(...args);
    };
    stream.write = first as typeof stream.write;
  }
  process.on('exit', () => {
    exiting = true;
    flush();
  });
}
