import { expect, it } from 'vitest';
import { usageOutputs } from '../../src/action/action-outputs.ts';
import { NO_USAGE } from '../../src/core/usage.ts';

// Found by a new-user walkthrough: a 25 ms run wrote `0`, as if nothing ran, and 2 s wrote `2`, where the
// README says one decimal.
it('writes duration-seconds with one decimal, and 0 only when nothing ran', () => {
  expect(usageOutputs(NO_USAGE, 0)['duration-seconds']).toBe('0');
  expect(usageOutputs(NO_USAGE, 25)['duration-seconds']).toBe('0.0');
  expect(usageOutputs(NO_USAGE, 2_000)['duration-seconds']).toBe('2.0');
  expect(usageOutputs(NO_USAGE, 61_349)['duration-seconds']).toBe('61.3');
});
