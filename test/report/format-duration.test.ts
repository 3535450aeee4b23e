import { expect, it } from 'vitest';
import { formatDuration } from '../../src/report/format-duration.ts';

it('writes a duration in the unit its size calls for', () => {
  expect([0, 850, 999.4, 1000, 12_345, 59_940, 60_000, 125_000, 3_600_000].map(formatDuration)).toEqual(['0 ms', '850 ms', '999 ms', '1 s', '12.3 s', '59.9 s', '1 min', '2 min 5 s', '1 h']);
  expect([-1, Number.NaN, Number.POSITIVE_INFINITY].map(formatDuration)).toEqual(['—', '—', '—']);
});

// Found by a review: each part was rounded apart, so a duration just under a unit's end read past it.
it('rounds once before it splits, so no part reads its unit’s end', () => {
  expect([999.6, 59_960, 119_600, 179_501].map(formatDuration)).toEqual(['1 s', '1 min', '2 min', '3 min']);
  // An hour or more in hours and minutes, rounded once to the minute: 23 h 59 min 59 s read `1439 min 59 s`.
  expect([3_599_400, 3_599_600, 3_630_000, 86_399_000, 5_400_000].map(formatDuration)).toEqual(['59 min 59 s', '1 h', '1 h 1 min', '24 h', '1 h 30 min']);
});
