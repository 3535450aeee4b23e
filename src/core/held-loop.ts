import { setTimeout as afterTimers } from 'node:timers/promises';

/**
 * How long synchronous work that may take seconds (a tool's arguments checked against its input schema, up to 5 s
 * each) may hold the event loop in one turn before more such work waits for the loop to turn.
 */
export const HELD_LOOP_MS = 50;

let heldMs = 0;
let turnWatched = false;

/** Charges `ms` of such work to this turn of the event loop; the count starts again once the loop turns. */
export function chargeHeldLoop(ms: number): void {
  heldMs += ms;
  if (turnWatched) return;
  turnWatched = true;
  setImmediate(() => {
    heldMs = 0;
    turnWatched = false;
  });
}

/**
 * Runs `work` (such work) at once, or, once the work of this turn has held the loop `HELD_LOOP_MS`, after the loop has
 * turned and run its timers (a timer, as `afterLoopTurned` waits), so a timeout or a cancel due meanwhile lands first
 * (then `signal`'s reason is thrown).
 * The test and the work are one synchronous stretch: awaited apart, every item started in the turn passed the test
 * before the first one's work began. The items of a `for_each` step started in one turn checked their arguments one
 * after another: 8 checks of 5 s ran 41.7 s past the step's `timeout_seconds: 3`, and no cancel was heard (found by an
 * agent hunt).
 */
export async function afterHeldLoop<T>(signal: AbortSignal, work: () => T): Promise<T> {
  while (heldMs >= HELD_LOOP_MS) await afterTimers(0);
  signal.throwIfAborted();
  return work();
}

/**
 * Waits for the event loop to turn and run its timers, then throws `signal`'s reason if it has aborted meanwhile.
 * A timer, not an immediate: a turn's immediates run before its timers when the loop is in its poll phase (an answer
 * read from a socket), so a step's timeout or a cancel due then landed only at the second wait, a whole check later.
 */
export async function afterLoopTurned(signal: AbortSignal): Promise<void> {
  await afterTimers(0);
  signal.throwIfAborted();
}
