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

export interface LoopIdleOptions {
  /** How often to look. */
  readonly everyMs: number;
  /** Resolve this long after the call at the latest, idle or not; unset: wait until idle. */
  readonly atMostMs?: number;
  /** Rejects with its reason when it aborts first. */
  readonly signal?: AbortSignal;
  /** Let the process end while this waits. */
  readonly unref?: boolean;
}

/**
 * Resolves at the first `everyMs` in which the event loop waited for I/O more than it worked
 * (`performance.eventLoopUtilization`), or after `atMostMs`.
 */
export function loopIdle({ everyMs, atMostMs, signal, unref = false }: LoopIdleOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const started = performance.now();
    let last = performance.eventLoopUtilization();
    let timer: NodeJS.Timeout | undefined;
    const later = (): void => {
      timer = setTimeout(look, everyMs);
      if (unref) timer.unref();
    };
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const look = (): void => {
      const now = performance.eventLoopUtilization();
      const recent = performance.eventLoopUtilization(now, last);
      last = now;
      if (recent.utilization < 0.5 || (atMostMs !== undefined && performance.now() - started >= atMostMs)) {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      } else later();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    later();
  });
}

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
  return loopIdle({ everyMs: 5, atMostMs: 1000, ...(signal && { signal }) });
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
