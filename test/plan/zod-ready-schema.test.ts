import { expect, it } from 'vitest';
import { zodReadySchema } from '../../src/plan/zod-ready-schema.ts';

// Found by a review: zod fills in defaults (JSON Schema's are annotations), converts a schema once per entry of
// `type` (nested [object, object]: 18 levels of an 881-byte schema took 20.7 s), and checks an enum of strings and
// other values as a union with a branch per value (300 wrong values against 20,000: 5 s and 1.2 GB).
it('drops defaults and repeated types, at every level', () => {
  expect(zodReadySchema({ type: ['object', 'object'], properties: { a: { type: ['string', 'string', 'null'], default: 'x' } }, default: {} })).toEqual({
    type: ['object'],
    properties: { a: { type: ['string', 'null'] } },
  });
});

it('checks an enum of strings and other values as one of a string enum and the rest, beside what else the schema says', () => {
  expect(zodReadySchema({ enum: ['open', 'closed', null] })).toEqual({ allOf: [{ anyOf: [{ enum: ['open', 'closed'] }, { const: null }] }] });
  expect(zodReadySchema({ type: 'string', enum: ['a', 'b', 1, 2] })).toEqual({ allOf: [{ type: 'string' }, { anyOf: [{ enum: ['a', 'b'] }, { enum: [1, 2] }] }] });
  // An enum of strings alone, or of one string and the rest, is zod's as it is.
  expect(zodReadySchema({ enum: ['a', 'b'] })).toEqual({ enum: ['a', 'b'] });
  expect(zodReadySchema({ enum: ['a', 1, 2] })).toEqual({ enum: ['a', 1, 2] });
});
