import { describe, expect, it } from 'vitest';
import { runnerMasks } from '../../src/action/action-secrets.ts';
import { createRedactor } from '../../src/core/redact.ts';

describe('what the action asks the runner to mask', () => {
  it('leaves out a key too short to be one, which the runner would star in every later line of the log', () => {
    expect(runnerMasks(['x', 'ab', 'abc', undefined, ''])).toEqual([]);
    expect(runnerMasks(['x', 'ghs_token1234'])).toEqual(['ghs_token1234']);
  });

  it('masks each line of a key on several lines, as the runner masks only a whole line', () => {
    expect(runnerMasks(['line-one-abcd\r\nline-two-efgh\n  line-three-ijkl  \nxy'])).toEqual(['line-one-abcd', 'line-two-efgh', 'line-three-ijkl']);
  });

  it('masks no less than the redactor hides of the same key', () => {
    for (const key of ['abcd', 'sk-test-0123456789', 'a\nbcdefgh']) {
      const redact = createRedactor([key]);
      for (const mask of runnerMasks([key])) expect(redact(`say ${mask} once`)).not.toContain(mask);
    }
  });
});
