import { describe, expect, it } from 'vitest';
import { resolveInputs } from '../../src/plan/resolve-inputs.ts';

// `--input n=7` for an input whose default is 5 reached a math tool as "7", which its schema refused
// with zod's "expected number, received string" (found by an adversarial pass).
describe('a value given as text for an input whose default is a number or a flag', () => {
  const plan = { inputs: { n: { default: 5 }, ratio: { default: 0.5 }, dry: { default: false }, week: { default: '2026-W48' }, free: { required: false } } } as never;

  it('is read as the default is, when it spells one', () => {
    expect(resolveInputs(plan, { n: '7', ratio: '-0.25', dry: 'true', week: '12', free: '3' })).toEqual({ ok: true, inputs: { n: 7, ratio: -0.25, dry: true, week: '12', free: '3' } });
  });

  it('stays text when it spells none, for the tool to refuse with its own message', () => {
    expect(resolveInputs(plan, { n: 'seven', dry: 'yes', ratio: '0x10' })).toMatchObject({ ok: true, inputs: { n: 'seven', dry: 'yes', ratio: '0x10' } });
    // Nor text a number would not write back as given: a version, a number past what a double holds.
    expect(resolveInputs(plan, { n: '1.10', ratio: '12345678901234567890' })).toMatchObject({ ok: true, inputs: { n: '1.10', ratio: '12345678901234567890' } });
    expect(resolveInputs(plan, { n: 'Infinity', ratio: '1e3' })).toMatchObject({ ok: true, inputs: { n: 'Infinity', ratio: '1e3' } });
    expect(resolveInputs(plan, { n: 8, dry: false })).toMatchObject({ ok: true, inputs: { n: 8, dry: false } });
  });
});
