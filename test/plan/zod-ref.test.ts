import { expect, it } from 'vitest';
import type { z } from 'zod';
import { compileJsonSchema } from '../../src/plan/compile-json-schema.ts';
import { withCanonicalRefs } from '../../src/plan/zod-ref.ts';

it('spells each `$ref` zod can follow one way per target, and leaves the rest as written for zod to refuse', () => {
  const spellings = ['#/$defs/a', '#//$defs/a', '#$defs/a', '#/$defs//a/', '#/$defs/a/properties/x', '#', '#/', '#//', '#/$defs/a~1b', '#/$defs/missing', '#/definitions/a', 'https://example.com/s', '#/$defs/0'];
  const root = { properties: Object.fromEntries(spellings.map((ref, index) => [`p${index}`, { $ref: ref }])), $defs: { a: {}, 'a/b': {}, 0: {} } };
  expect(Object.values(withCanonicalRefs(root)['properties'] as Record<string, { $ref: string }>).map((schema) => schema.$ref)).toEqual([
    '#/$defs/a', '#/$defs/a', '#/$defs/a', '#/$defs/a', '#/$defs/a', '#', '#', '#', '#/$defs/a~1b', '#/$defs/missing', '#/definitions/a', 'https://example.com/s', '#/$defs/0',
  ]);
  // A draft-07 schema's are `definitions`, wherever zod finds them; a key with `~` and `/` is encoded back.
  const draft = { $schema: 'http://json-schema.org/draft-07/schema#', properties: { p: { items: { $ref: '#//definitions/~0~1x/y' } } }, $defs: { '~/x': {} } };
  expect(withCanonicalRefs(draft)).toMatchObject({ properties: { p: { items: { $ref: '#/definitions/~0~1x' } } } });
});

it('converts a definition once however many ways its references spell it, and checks each reference by it', () => {
  // 200 spellings of a definition of 2,000 properties (a 77 KB schema) took 4.5 s to convert, holding the loop.
  const big = { type: 'object', properties: Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`p${index}`, { type: 'string' }])) };
  const properties = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`r${index}`, { $ref: `#${'/'.repeat(index + 1)}$defs/big` }]));
  const compiled = compileJsonSchema({ type: 'object', properties, $defs: { big } });
  if (!compiled.ok) throw new Error(compiled.message);
  const shape = (compiled.schema as unknown as z.ZodObject).shape as Record<string, z.ZodOptional>;
  expect(new Set(Object.values(shape).map((property) => property.unwrap())).size).toBe(1);
  expect(compiled.schema.safeParse({ r0: { p0: 'x' }, r19: { p199: 'y' } }).success).toBe(true);
  expect(compiled.schema.safeParse({ r19: { p199: 1 } }).success).toBe(false);
});
