import type { ManualClock } from '../src/run/manual-clock.ts';

/** Macrotask turns with nothing happening that count as idle. */
const IDLE_ROUNDS = 32;

/**
 * Runs `work` on simulated time: whenever every promise callback has run (the process is idle),
 * jumps the clock to the next timer. The makespan comes out exact and costs no real waiting.
 */
export async function inVirtualTime<T>(clock: ManualClock, work: Promise<T>): Promise<T> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  for (;;) {
    // The executor yields to the event loop with setImmediate now and then (every 16 instant turns):
    // one macrotask turn is not enough to know it is idle, so wait out several in a row.
    for (let round = 0; round < IDLE_ROUNDS && !settled; round++) await new Promise((resolve) => setImmediate(resolve));
    if (settled) return watched;
    const due = clock.nextDue();
    if (due === undefined) throw new Error('deadlock: nothing is running and no timer is waiting');
    clock.advanceTo(due);
  }
}
