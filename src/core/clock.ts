/** Time as the run sees it; injected so tests and benchmarks can use a manual or virtual clock. */
export interface Clock {
  /** Milliseconds on this clock's own scale (only differences matter). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Called when a deadline on this clock is due, before it is declared: resolves once an answer that
   * came in as the deadline fell due has been read (the wall clock: `loopCaughtUp`). A manual or
   * virtual clock, on which nothing comes in late, has none.
   */
  afterDue?(signal?: AbortSignal): Promise<void>;
}

/** How often `loopCaughtUp` looks, and the longest it waits. */
const CAUGHT_UP_CHECK_MS = 5;
const CAUGHT_UP_MAX_MS = 1000;

/**
 * Resolves once the event loop has caught up: at the first 5 ms in which it waited for I/O more than
 * it worked, or 1 s later at the latest. A deadline waits for this once due, before it is declared.
 * When the loop was blocked past a deadline (a large module compiling, such as the artifact client a
 * run loads while it waits; a long GC pause), the timer and the answer that came in meanwhile are
 * both ready when the loop runs again, and Node runs due timers first: the answer is read only in the
 * turns after, behind whatever else queued up. Once the loop has caught up, an answer that came in
 * time has been read, and a command or step that answered in time is not timed out.
 */
export function loopCaughtUp(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = performance.eventLoopUtilization();
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const look = (): void => {
      const now = performance.eventLoopUtilization();
      const recent = performance.eventLoopUtilization(now, last);
      last = now;
      if (recent.utilization < 0.5 || performance.now() - started >= CAUGHT_UP_MAX_MS) {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      } else timer = setTimeout(look, CAUGHT_UP_CHECK_MS);
    };
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(look, CAUGHT_UP_CHECK_MS);
  });
}

/** The wall clock: `performance.now()` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => performance.now(),
  sleep(ms, signal) {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
  afterDue: loopCaughtUp,
};
