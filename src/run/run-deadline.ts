import type { Clock } from '../core/clock.ts';

/** Calls `onExpire` after `minutes` on the run's clock; returns a function that disarms it. */
export function startRunDeadline(clock: Clock, minutes: number, onExpire: () => void): () => void {
  if (!Number.isFinite(minutes)) return () => {};
  const disarm = new AbortController();
  clock.sleep(minutes * 60_000, disarm.signal).then(onExpire, () => {});
  return () => disarm.abort();
}
