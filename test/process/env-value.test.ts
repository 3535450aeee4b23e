import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ENV_VALUE_PATTERN, envValue } from '../../src/process/env-value.ts';

const value = envValue();
const pattern = new RegExp(ENV_VALUE_PATTERN);

describe('an env value, as the CLI and plan.schema.json read it', () => {
  it.each(['plain', 'Bearer ${env.TOKEN}', '$5 and $${env.A}', '${env.A}${env.B_2}', '{env.A}', ''])('both accept %j', (text) => {
    expect([value.safeParse(text).success, pattern.test(text)]).toEqual([true, true]);
  });

  it.each(['${HOME}', '${env.}', '${env.MY-VAR}', '${inputs.week}', '${env.B', 'a ${env.${A}}', '${}', 'a\0b', '$${{x}}'])('both refuse %j', (text) => {
    expect([value.safeParse(text).success, pattern.test(text)]).toEqual([false, false]);
  });

  it('agree on any text of $, {, }, env., a name and NUL', () => {
    const piece = fc.constantFrom('$', '{', '}', 'env.', 'A', '_1', '-', '\0', ' ', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(pattern.test(text), JSON.stringify(text)).toBe(value.safeParse(text).success);
      }),
      { numRuns: 5000 },
    );
  });
});
