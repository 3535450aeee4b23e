import fc from 'fast-check';
import { expect, it } from 'vitest';
import { canonicalJson, planHash, stableHash, stepsCanonicalJson } from '../../src/core/stable-hash.ts';

// Steps and sources as drawn values, out of order and in order, with integer keys, a `__proto__` key and a bigint (written by the replacer).
const member = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.bigInt({ min: -100n, max: 100n }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constant('__proto__'), fc.constant('10'), fc.constant('2')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

it('is the hash of { steps, source } that plan_created recorded, the steps written once', () => {
  fc.assert(
    fc.property(fc.array(member, { maxLength: 6 }), fc.option(member, { nil: undefined }), (steps, source) => {
      expect(planHash(steps, source)).toBe(stableHash({ steps, source: source ?? null }));
      expect(stepsCanonicalJson(steps)).toBe(canonicalJson(steps));
    }),
    { seed: 20261207, numRuns: 2_000 },
  );
});
