import fc from 'fast-check';
import { expect, it } from 'vitest';
import { createRedactor, jsonMayNeedRedaction } from '../../src/core/redact.ts';

// The screens (the redactor's, and the JSON one the trace asks before writing a line as it is) are several patterns
// tested in turn, each an alternation's part: a text any part of the redactor would change must pass one of them.
// Texts made of what each part looks for (a known value's pieces, quoted and escaped, token prefixes, "Bearer" and
// "Basic" in any case, a cut, invisible characters), for a redactor of no secret, of a few and of 200 with quotes in
// them; each as a JSON value, a key and JSON inside JSON.
const MANY = Array.from({ length: 200 }, (_, i) => `p$ss'w"d\`${(i * 7919).toString(16).padStart(8, '0')}Zq${i}Rt9/x+y=`);
const FEW = ['bench-secret-value', 'hunter2x', 'pa"ss\\word!', 'deploy4664ca493f025b05be8ab50707d045378c3e5e43plain'];
const PIECES = [
  ...['Bearer', 'bEaReR', 'BASIC', 'basic', ' ', '\t', '\n', '\\n', '…', '"', "'", '$', '`', '%3D', '\u200b', '\u0000', '\x1b', 'ı', 'ſ'],
  ...['gh' + 'p_', 'github' + '_pat_', 'sk' + '-', 'AK' + 'IA', 'xo' + 'xb-', 'eyJ', '.eyJ', 'PRIVATE KEY', 'Ab3'.repeat(8), '0123456789ABCDEF', 'a1B2'.repeat(3)],
  ...['ZGVwbG95Omh1bnRlcjI=', 'dTpwdw==', 'x', 'ab', '=', '/', '1234'],
  ...['bench-secret', '-value', 'hunter2x', 'pa"ss', 'deploy4664ca493f025b05', '5e43plain', MANY[3]!, MANY[150]!.slice(0, 14), MANY[77]!.slice(-12)],
];

it.each([
  ['no secret', []],
  ['a few secrets', FEW],
  ['200 secrets with quotes in them', MANY],
])('lets through every JSON text with a string the redactor changes, for %s', (_name, secrets) => {
  const redact = createRedactor(secrets);
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(text, (value) => {
      // The trace's replacer redacts each string of the event (a value, a key): the screen must fire on the event's JSON
      // whenever one of them changes. Asked of the string inside, not of `value`: the redactor reads `\n` in a text as
      // a wrapped line, and in JSON inside JSON that is `\\n`, which neither it nor the screen reads as one (a run of
      // 3,000 met `bench-secret\n-value` once in the suite).
      const inner = JSON.stringify({ stdout: value });
      for (const [json, text] of [
        [JSON.stringify({ log: value }), value],
        [JSON.stringify({ [value]: 1 }), value],
        [JSON.stringify({ result: inner }), inner],
      ] as const) {
        if (redact(text) !== text) expect(jsonMayNeedRedaction(json, redact), json).toBe(true);
      }
    }),
    { numRuns: secrets.length > 100 ? 150 : 3_000 },
  );
  // The case a run met: JSON inside JSON with a `\n` in it is written as the redactor writes its string, as it is.
  const nested = JSON.stringify({ stdout: 'bench-secret\\n-value' });
  expect(jsonMayNeedRedaction(JSON.stringify({ result: nested }), redact) || redact(nested) === nested).toBe(true);
  // And what holds none of it is written as it is: a trace's step line.
  expect(jsonMayNeedRedaction('{"type":"step_started","stepKey":"12","reuseKey":"466a475fd6d647b651a70fe53313b9d8","at":9.77}', redact)).toBe(false);
});

it('screens each part: a known value’s piece, a token shape, the words, a cut, and none', () => {
  const redact = createRedactor(['bench-secret-value']);
  const screened = (value: string): boolean => jsonMayNeedRedaction(JSON.stringify({ log: value }), redact);
  expect(screened('a bench-secret-value b')).toBe(true);
  expect(screened(`\\n${'gh' + 'p_'}${'Ab3'.repeat(8)}`)).toBe(true);
  expect(screened('x AK' + 'IA0123456789ABCDEFG')).toBe(true);
  expect(screened('BeArEr')).toBe(true);
  expect(screened('bAsIc')).toBe(true);
  expect(screened('cut…')).toBe(true);
  expect(screened('plain words, Bear and Basil')).toBe(false);
  // Without a known value a cut alone is nothing to look at.
  expect(jsonMayNeedRedaction(JSON.stringify({ log: 'cut…' }), createRedactor())).toBe(false);
});
