/** The middle value (the upper middle for an even count). */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** ±half of (max − min), as a share of the median: how far apart the runs were around the figure quoted. */
export function spread(values: readonly number[]): string {
  const middle = median(values);
  const width = Math.max(...values) - Math.min(...values);
  return middle === 0 ? '—' : `±${((width / Math.abs(middle)) * 50).toFixed(0)}%`;
}
