import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'trace-plain-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TOKEN = `ghp_${'a1'.repeat(18)}`;
// Digits (a number that is a secret, and a 16-digit start of a long one), JSON escapes inside, "Infinity".
const SECRETS = ['98765432', '123456789012345678901234', 's3cret-value', 'tab\tse"cret\\x', 'line\nsecret-two', 'Infinity'];
const PIECES = [...SECRETS, TOKEN, 'Bearer abcdefgh1234', 'plain', 'ok', 'é…', '\u200b', '1234567890123456', 's3cret', '-value'];

const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...PIECES), fc.tuple(fc.constantFrom(...PIECES), fc.string({ maxLength: 4 }), fc.constantFrom(...PIECES)).map((parts) => parts.join('')));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(98765432, 1234567890123456, 123456789012345678901234, Infinity, -Infinity, Number.NaN, -0, 1e21));
/** What a tool may return: JSON data, and beside it what JSON.stringify writes otherwise than the replacer. */
const odd = fc.oneof(
  fc.string().map((message) => new Error(message)),
  fc.constantFrom(new TypeError('s3cret-value'), new Error('98765432'), 98765432n, 10n, new Date(0), () => 1, Symbol('s')),
  text.map((inner) => ({ toJSON: () => inner })),
  fc.constant({ toJSON: () => new Error('boom') }),
  fc.constant(Object.assign([1], { toJSON: () => new Error('boom') })),
  fc.constant(new Map([['a', 1]])),
  fc.constant(Object.assign(Object.create(null) as object, { secret: 's3cret-value' })),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: text, weight: 3 },
    { arbitrary: number, weight: 2 },
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    { arbitrary: odd, weight: 2 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.dictionary(text, tie('value'), { maxKeys: 4 }), weight: 2 },
  ),
}));
/** A result object, sometimes with a cycle in it. */
const result = fc.tuple(fc.oneof(fc.array(value, { maxLength: 4 }), fc.dictionary(text, value, { maxKeys: 5 })), fc.nat(3).map((n) => n === 0)).map(([object, cyclic]) => {
  if (!cyclic) return object;
  // A copy: fast-check reuses generated values while it shrinks.
  const copy: Record<string, unknown> = Array.isArray(object) ? [...(object as unknown[])] as unknown as Record<string, unknown> : { ...object };
  copy['self'] = copy;
  return copy;
});

describe('traceWriter: a step’s result object', () => {
  // A step's result object always went through the replacer; JSON data whose text the screen passes is now
  // written as its text. A redactor without a screen (a wrapper) still takes the replacer: the lines must match.
  it('is written byte for byte as the replacer writes it, whatever it holds', async () => {
    let round = 0;
    const redact = createRedactor(SECRETS);
    await fc.assert(
      fc.asyncProperty(fc.array(result, { minLength: 1, maxLength: 5 }), async (results) => {
        round += 1;
        const now = () => new Date('2026-12-07T08:00:00.000Z');
        const fast = traceWriter(path.join(dir, `fast-${round}.jsonl`), { redact, now });
        const replaced = traceWriter(path.join(dir, `replaced-${round}.jsonl`), { redact: (line) => redact(line), now });
        results.forEach((inner, i) => {
          const event: RunEvent = { type: 'step_completed', at: i, stepKey: String(i), result: inner, durationMs: 1, usage: NO_USAGE };
          fast.listener(event);
          replaced.listener(event);
        });
        await Promise.all([fast.close(), replaced.close()]);
        const written = await readFile(fast.path, 'utf8');
        expect(written).toBe(await readFile(replaced.path, 'utf8'));
        for (const secret of [...SECRETS.slice(0, 3), TOKEN]) expect(written).not.toContain(secret);
      }),
      // 40 runs, with the cases below for what they may miss: the replacer's walk takes up to 0.2 s on a few results
      // (a cycle beside invisible characters and cuts).
      { numRuns: 40 },
    );
  }, 120_000);

  // Each thing the plain path must refuse, once for certain: 40 random runs met an undefined member with a secret key
  // in none of three tries when the walk let it through, NaN in two.
  it('is written as the replacer writes it when it holds what JSON writes otherwise', async () => {
    const redact = createRedactor(SECRETS);
    const now = () => new Date('2026-12-07T08:00:00.000Z');
    const results: unknown[] = [
      { 's3cret-value': undefined, ok: 1 },
      { f: () => 1 },
      { n: Number.NaN },
      [Infinity, -Infinity],
      { when: new Date(0) },
      { inner: { toJSON: () => 's3cret-value' } },
      { list: Object.assign([1], { toJSON: () => new Error('boom') }) },
      { err: new TypeError('98765432') },
      { big: 10n },
      Object.assign(Object.create(null) as object, { key: 'value' }),
      { map: new Map([['a', 1]]) },
    ];
    const fast = traceWriter(path.join(dir, 'odd-fast.jsonl'), { redact, now });
    const replaced = traceWriter(path.join(dir, 'odd-replaced.jsonl'), { redact: (line) => redact(line), now });
    results.forEach((inner, i) => {
      const event: RunEvent = { type: 'step_completed', at: i, stepKey: String(i), result: inner, durationMs: 1, usage: NO_USAGE };
      fast.listener(event);
      replaced.listener(event);
    });
    await Promise.all([fast.close(), replaced.close()]);
    expect(await readFile(fast.path, 'utf8')).toBe(await readFile(replaced.path, 'utf8'));
  });

  it('of plain data is written as its JSON text', async () => {
    const file = path.join(dir, 'plain.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(SECRETS), now: () => new Date('2026-12-07T08:00:00.000Z') });
    trace.listener({ type: 'step_completed', at: 1, stepKey: '1', result: { ok: true, n: 1, name: 'x1', list: [null, 0.5, { deep: 'é' }] }, durationMs: 1, usage: NO_USAGE });
    trace.listener({ type: 'step_completed', at: 2, stepKey: '2', result: { pin: 98765432, err: new Error('boom') }, durationMs: 1, usage: NO_USAGE });
    await trace.close();
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('{"ts":"2026-12-07T08:00:00.000Z","type":"step_completed","at":1,"stepKey":"1","result":{"ok":true,"n":1,"name":"x1","list":[null,0.5,{"deep":"é"}]},"durationMs":1,"usage":{"modelCalls":0,"promptTokens":0,"completionTokens":0,"costUsd":0}}');
    expect(JSON.parse(lines[1]!)).toMatchObject({ result: { pin: '***', err: { name: 'Error', message: 'boom' } }, masked: true });
  });
});

// Found by a differential pass (604,000 events against the code before the plain path for results): only a
// top-level step's result was checked for JSON data. An item's or carried result, a tool's arguments, an agent's
// call and a nested step's result took the plain path unchecked, and an Error in them was written `{}`, or
// `{name, message}` when the screen happened to fire. A bare bigint as an agent's arguments broke the line.
describe('traceWriter: what a tool gave, in any event', () => {
  const odd: readonly unknown[] = [new Error('boom'), { err: new TypeError('bad') }, { 's3cret-value': undefined, ok: 1 }, { n: Number.NaN }, { when: new Date(0) }, [10n]];
  const carrying = (inner: unknown, at: number): RunEvent[] => [
    { type: 'item_completed', at, stepKey: 'each', index: 0, result: inner, durationMs: 1, usage: NO_USAGE },
    { type: 'result_carried', at, stepKey: 'done', reuseKey: 'k', result: inner, usage: NO_USAGE },
    { type: 'tool_called', at, stepKey: 'call', tool: 't', args: { value: inner }, sideEffects: false, callKey: 'c' },
    { type: 'agent_tool_called', at, stepKey: 'agent', turn: 1, tool: 't', args: inner, ok: true, result: inner },
    { type: 'nested_event', at, stepKey: 'uses', event: { type: 'step_completed', at, stepKey: 'inner', result: inner, durationMs: 1, usage: NO_USAGE } },
  ];

  it('is written as the replacer writes it, whether or not the screen fires', async () => {
    const redact = createRedactor(SECRETS);
    const now = () => new Date('2026-12-07T08:00:00.000Z');
    const fast = traceWriter(path.join(dir, 'any-fast.jsonl'), { redact, now });
    const replaced = traceWriter(path.join(dir, 'any-replaced.jsonl'), { redact: (line) => redact(line), now });
    odd.forEach((inner, i) => {
      for (const event of carrying(inner, i)) {
        fast.listener(event);
        replaced.listener(event);
      }
    });
    await Promise.all([fast.close(), replaced.close()]);
    const written = await readFile(fast.path, 'utf8');
    expect(written).toBe(await readFile(replaced.path, 'utf8'));
    const lines = written.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(odd.length * 5);
    // The Error's name and message, in each of the five events.
    expect(lines.slice(0, 5).map((line) => JSON.stringify(line))).toEqual(lines.slice(0, 5).map(() => expect.stringContaining('{"name":"Error","message":"boom"}')));
    expect(written).not.toContain('s3cret-value');
  });

  it('writes a bare bigint an agent gave as its arguments, not a gap', async () => {
    const file = path.join(dir, 'bigint-args.jsonl');
    const trace = traceWriter(file, { redact: createRedactor(SECRETS), now: () => new Date('2026-12-07T08:00:00.000Z') });
    trace.listener({ type: 'agent_tool_called', at: 1, stepKey: 'agent', turn: 1, tool: 't', args: 5n, ok: true, result: 6n });
    await trace.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ type: 'agent_tool_called', args: '5', result: '6' });
  });
});
