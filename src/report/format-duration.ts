/**
 * A duration for people: `850 ms`, `12.3 s`, `2 min 5 s`, `1 h 5 min`. Rounded once, to the unit it is shown in, before it
 * is split: rounding the parts apart gave `1 min 60 s` for 119.6 s, `60 s` for 59.96 s and `1000 ms` for
 * 999.6 ms (found by a review).
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const wholeMs = Math.round(ms);
  if (wholeMs < 1000) return `${wholeMs} ms`;
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toString()} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  }
  // An hour or more in hours and minutes: `1439 min 59 s` was true, and read as nothing.
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}
