import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createRedactor, redactDeep, redactDeepView } from '../../src/core/redact.ts';
import { canonicalCopy, canonicalJson } from '../../src/core/stable-hash.ts';

const SECRET = 'hunter2-deploy-key';
const redact = createRedactor([SECRET, '98765432']);

// Data with, now and then, a known secret in a string, a key or a number, a token shape, holes, and shared parts.
const text = fc.oneof({ weight: 6, arbitrary: fc.string({ maxLength: 12 }) }, fc.constant(`key ${SECRET} here`), fc.constant('Bearer abcdefghijklmnop'), fc.constant('ghp_0123456789abcdefghijklmnopqrstuvwxyz'));
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.oneof(fc.integer(), fc.double(), fc.constant(98765432), fc.constant(Number.NaN), fc.constant(-0)),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.sparseArray(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constant(SECRET), fc.constant('__proto__'), fc.constant('7')), tie('value'), { maxKeys: 5 }),
  ),
}));

function holdsNaN(data: unknown): boolean {
  if (typeof data === 'number') return Number.isNaN(data);
  return typeof data === 'object' && data !== null && Object.values(data).some(holdsNaN);
}

it('gives the JSON redactDeep gives, and shares every part that needs no redaction', () => {
  fc.assert(
    fc.property(value, (data) => {
      const view = redactDeepView(data, redact);
      expect(canonicalJson(view)).toBe(canonicalJson(redactDeep(data, redact)));
      expect(JSON.stringify(view)).toBe(JSON.stringify(redactDeep(data, redact)));
      // Nothing to redact, nothing copied (but around a NaN, which is not itself).
      if (canonicalJson(redactDeep(data, redact)) === canonicalJson(data) && !holdsNaN(data)) expect(view).toBe(data);
    }),
    { seed: 20261207, numRuns: 2_000 },
  );
});

it('copies only the parts with something to redact, and changes nothing it was given', () => {
  const shared = { tool: 'add', args: { a: 1, b: 2 } };
  const data = { steps: [shared, { note: `uses ${SECRET}` }], plain: shared, [SECRET]: 1 };
  const before = JSON.stringify(data);
  const view = redactDeepView(data, redact) as unknown as { steps: unknown[]; plain: unknown; '***': number };
  expect(view).not.toBe(data);
  expect(view.steps[0]).toBe(shared);
  expect(view.plain).toBe(shared);
  expect(view.steps[1]).toEqual({ note: 'uses ***' });
  expect(view['***']).toBe(1);
  expect(JSON.stringify(data)).toBe(before);
  // A cycle, a toJSON and an Error are written as redactDeep writes them.
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic['self'] = cyclic;
  const odd = { cyclic, when: new Date(0), error: new Error(`failed with ${SECRET}`) };
  expect(JSON.stringify(redactDeepView(odd, redact))).toBe(JSON.stringify(redactDeep(odd, redact)));
});

it('a canonical copy is written as canonicalJson writes the value, wherever it stands', () => {
  fc.assert(
    fc.property(value, value, (inner, outer) => {
      const copy = canonicalCopy(inner);
      expect(canonicalJson({ outer, inner: copy, list: [copy, outer] })).toBe(canonicalJson({ outer, inner, list: [inner, outer] }));
    }),
    { seed: 20261207, numRuns: 1_000 },
  );
});
