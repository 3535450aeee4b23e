/** How long a step may stay alive after its work is done, for what it started and gave up on. */
export const IDLE_GRACE_MS = 30_000;

/**
 * Ends the process `graceMs` after its work is done if something it started still holds it open, saying
 * what: the artifact client cannot cancel a request the run gave up on (it waits 3 minutes for a silent
 * service, five times over, and for good on one that answers a byte at a time), and such a request kept
 * the step running, its reports long written, until the job's `timeout-minutes` (360 by default). The
 * timer holds nothing open itself: a process with nothing left ends at once, as before. Called by the
 * bundle's entry only, never where tests run the action in their own process.
 */
export function endOnceIdle(say: (message: string) => void, graceMs = IDLE_GRACE_MS): void {
  const timer = setTimeout(() => {
    const open = process
      .getActiveResourcesInfo()
      .filter((kind) => kind !== 'Timeout')
      .reduce((counts, kind) => counts.set(kind, (counts.get(kind) ?? 0) + 1), new Map<string, number>());
    const what = [...open].map(([kind, count]) => (count === 1 ? kind : `${kind} ×${count}`)).join(', ');
    say(`plan-runner: the run's reports are written, but something it started was still open ${graceMs / 1000} s later${what ? ` (${what})` : ''}, such as a request to a service that stopped answering: ending the step`);
    process.exit();
  }, graceMs);
  timer.unref();
}
