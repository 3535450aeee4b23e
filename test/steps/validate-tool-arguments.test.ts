import { describe, expect, it } from 'vitest';
import { validateToolArguments } from '../../src/steps/validate-tool-arguments.ts';
import type { Tool } from '../../src/tools/tool.ts';

const tool = (inputSchema: Tool['inputSchema']): Tool => ({ name: 'fetch', description: 'd', inputSchema, sideEffects: false, execute: async () => null });

describe('validateToolArguments', () => {
  it('enforces required names even when the schema does not list them under properties', () => {
    const result = validateToolArguments(tool({ type: 'object', required: ['week'] }), {});
    expect(result.ok).toBe(false);
    expect(validateToolArguments(tool({ type: 'object', required: ['week'] }), { week: '2026-W48' }).ok).toBe(true);
  });

  it('rejects arguments of the wrong type', () => {
    const result = validateToolArguments(tool({ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }), { a: '1' });
    expect(result.ok).toBe(false);
  });

  it('rejects a value too long for its pattern to check on the event loop, naming the pattern', () => {
    const schema = tool({ type: 'object', properties: { name: { type: 'string', pattern: String.raw`\pL{1000}\pN` } }, required: ['name'] });
    // Checked, this took 40 s on this machine, past the test's timeout.
    const result = validateToolArguments(schema, { name: 'a'.repeat(1024 * 1024) });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('pattern') });
    expect(validateToolArguments(schema, { name: `${'a'.repeat(1000)}1` }).ok).toBe(true);
  });

  it('tells the model what is wrong in the plan check\'s words: where, what was expected, what was given', () => {
    const schema = tool({
      type: 'object',
      properties: { week: { type: 'string', format: 'date' }, state: { enum: ['open', 'closed', 'all'] }, n: { type: 'integer', minimum: 1 } },
      additionalProperties: false,
    });
    const result = validateToolArguments(schema, { week: 'soon', state: 'closd', n: 0, colour: 'red' });
    expect(result).toEqual({
      ok: false,
      error: [
        'week: `week` must be in the `date` format; got `soon`',
        'state: `state` must be one of open, closed, all; got `closd` — did you mean `closed`?',
        'n: `n` must be at least 1; got `0`',
        'colour: unknown key `colour`; known keys here: week, state, n',
      ].join('\n'),
    });
  });

  it('lists at most 20 problems, and a long enum by 20 of its values, however many the arguments have', () => {
    // zod's own text listed every value in every issue: 1,000 tags against 20,000 values made 409 MB.
    const values = Array.from({ length: 2_000 }, (_, index) => `label-${index}`);
    const schema = tool({ type: 'object', properties: { tags: { type: 'array', items: { enum: values } } } });
    const result = validateToolArguments(schema, { tags: Array.from({ length: 100 }, (_, index) => `wrong-${index}`) });
    if (result.ok) throw new Error('the wrong tags passed');
    const lines = result.error.split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('tags[0]: an item of `tags` must be one of ' + values.slice(0, 20).join(', ') + ' … and 1980 more; got `wrong-0`');
    expect(lines[20]).toBe('(only the first 20 problems are shown)');
    expect(result.error.length).toBeLessThan(10_000);
  });

  // Found by a review of the refusal text: each of these read wrongly or at length.
  it.each([
    ['a union of object shapes, each missing its key', { anyOf: [{ type: 'object', required: ['url'] }, { type: 'object', required: ['path'] }] }, {}, 'value matches none of the shapes it may take (1: missing `url`; 2: missing `path`)'],
    ['a oneOf both of whose shapes take the value', { type: 'object', properties: { x: { oneOf: [{ type: 'integer' }, { type: 'number' }] } } }, { x: 1 }, 'x: `x` matches more than one of the shapes it may take, and may match only one (`oneOf`); got `1`'],
    ['an argument named like a step reference', { type: 'object', properties: { id: { type: 'integer' }, depends_on: { type: 'array', items: { type: 'integer' } } } }, { id: 'abc', depends_on: ['a'] }, 'id: `id` must be a number; got text\ndepends_on[0]: an item of `depends_on` must be a number; got text'],
    ['a key not among propertyNames', { type: 'object', propertyNames: { enum: ['alpha', 'beta'] } }, { gamma: 1 }, 'gamma: the key `gamma` is not one of alpha, beta'],
    ['too few properties', { type: 'object', properties: { m: { type: 'object', minProperties: 2 } } }, { m: { a: 1 } }, 'm: `m` needs at least 2 properties'],
    ['a format JSON Schema names otherwise than zod', { type: 'object', properties: { u: { type: 'string', format: 'uri' }, t: { type: 'string', format: 'date-time' } } }, { u: 'x', t: 'y' }, 'u: `u` must be in the `uri` format; got `x`\nt: `t` must be in the `date-time` format; got `y`'],
    ['a format zod checked as another (`uri` for `uri-reference`), and JSON Schema’s `regex`', { type: 'object', properties: { r: { type: 'string', format: 'uri-reference' }, p: { type: 'string', format: 'regex' } } }, { r: 'a b', p: '(' }, 'r: `r` must be in the `uri-reference` format; got `a b`\np: `p` must be in the `regex` format; got `(`'],
    ['a format beside a description, without type (zod copied the schema to describe it, without the check)', { type: 'object', properties: { to: { format: 'email', description: 'Who gets it' } } }, { to: 'not-an-email' }, 'to: `to` must be in the `email` format; got `not-an-email`'],
    ['an enum of strings and null', { type: 'object', properties: { s: { enum: ['open', 'closed', null] } } }, { s: 'opened' }, 's: `s` must be one of "open", "closed", null; got `opened`'],
    ['a tuple too short, which zod reports twice', { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, items: false } } }, { t: ['a'] }, 't: `t` needs at least 2 item(s)'],
  ])('%s', (_what, schema, args, error) => {
    expect(validateToolArguments(tool(schema), args)).toEqual({ ok: false, error });
  });

  it('keeps each problem to 500 characters: a key of a megabyte made the refusal 20 times the arguments', () => {
    const key = 'k'.repeat(1024 * 1024);
    const result = validateToolArguments(tool({ type: 'object', additionalProperties: false }), { [key]: 1 });
    if (result.ok) throw new Error('the unknown key passed');
    expect(result.error).toHaveLength(500);
    expect(result.error.endsWith('…')).toBe(true);
  });

  it('refuses a missing required argument that has a default: a default is no value given', () => {
    // zod filled it in, and the tool was called without it; an allOf giving it two defaults threw instead.
    expect(validateToolArguments(tool({ type: 'object', properties: { a: { type: 'integer', default: 1 } }, required: ['a'] }), {})).toEqual({ ok: false, error: 'a: missing `a`' });
    expect(validateToolArguments(tool({ type: 'object', allOf: [{ properties: { a: { type: 'integer', default: 1 } } }, { properties: { a: { type: 'integer', default: 2 } } }] }), {}).ok).toBe(true);
  });
});


// Found by a review: JSON.parse makes `__proto__` an ordinary key, which zod's checks skip.
it('refuses an argument key `__proto__` at any depth, naming where', () => {
  const strings = tool({ type: 'object', additionalProperties: { type: 'string' } });
  expect(validateToolArguments(strings, JSON.parse('{"__proto__": {"x": 1}}'))).toEqual({ ok: false, error: '__proto__: an argument key may not be `__proto__`; name the key otherwise' });
  expect(validateToolArguments(strings, JSON.parse('{"a": "x", "b": [{"__proto__": 1}]}'))).toMatchObject({ ok: false, error: expect.stringMatching(/^b\[0\]\.__proto__: /) });
  expect(validateToolArguments(strings, { a: 'x' }).ok).toBe(true);
});

it('gives the tool its arguments as they came, never frozen by a readOnly schema', () => {
  const args = { a: { b: 1 } };
  expect(validateToolArguments(tool({ type: 'object', properties: { a: { readOnly: true } } }), args).ok).toBe(true);
  expect(Object.isFrozen(args.a)).toBe(false);
});

// Found by a review: the search copied the path at each level, time growing with the square of the depth (8.6 s here).
it('names a `__proto__` key 20,000 levels deep', () => {
  const strings = { name: 't', description: 't', inputSchema: { type: 'object' }, sideEffects: false, execute: async () => '' } as const;
  const deep = JSON.parse(`${'{"a":'.repeat(20_000)}{"__proto__":1}${'}'.repeat(20_000)}`);
  const refused = validateToolArguments(strings as never, deep);
  expect(refused.ok).toBe(false);
  expect(!refused.ok && refused.error.startsWith(`${'a.'.repeat(20_000)}__proto__: an argument key may not be`)).toBe(true);
});
