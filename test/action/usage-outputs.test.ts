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

// A few tokens of a cheap model (or a plan's low `pricing:`) cost under $0.0000005, and `cost-usd` read `0`, as if
// nothing were spent; a later step that posts the cost, or fails a job on it, read a free run.
it('writes a cost under a millionth of a dollar with the decimals it takes not to read 0, without an exponent', () => {
  const cost = (costUsd: number) => usageOutputs({ ...NO_USAGE, modelCalls: 1, promptTokens: 9, completionTokens: 1, costUsd })['cost-usd'];
  expect(cost(4.5e-7)).toBe('0.00000045');
  expect(cost(2e-7)).toBe('0.0000002');
  expect(cost(3e-12)).toBe('0.000000000003');
  expect(cost(0.0123)).toBe('0.0123');
  expect(cost(0.0000015)).toBe('0.000002');
  expect(usageOutputs(NO_USAGE)['cost-usd']).toBe('0');
});
