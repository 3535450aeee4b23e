/**
 * Settles with `work`, or rejects with the signal's reason as soon as it aborts, so a step runner
 * that ignores its signal cannot hang the run. Abandoned work is still observed (no unhandled rejection).
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Settles with `work`; once `signal` aborts, rejects with its reason if `work` has not settled by the event loop's
 * next turn. An answer already on its way when a stop lands is kept (as `executeStep` keeps a step's), and work
 * that goes on past the stop (a process still being killed) is not waited for. Abandoned work is still observed.
 * Its turn is taken as the abort is dispatched, so it ends before the step's own (`executeStep`): what the step
 * records of the call is still the step's.
 */
export function raceAbortAfterTurn<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let turn: ReturnType<typeof setImmediate> | undefined;
    const onAbort = (): void => {
      turn = setImmediate(() => reject(signal.reason));
    };
    const settle = (): void => {
      signal.removeEventListener('abort', onAbort);
      if (turn !== undefined) clearImmediate(turn);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
