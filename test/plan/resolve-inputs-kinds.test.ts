import { describe, expect, it } from 'vitest';
import { resolveInputs } from '../../src/plan/resolve-inputs.ts';

// `--input n=7` for an input whose default is 5 reached a math tool as "7", which its schema refused
// with zod's "expected number, received string" (found by an adversarial pass).
describe('a value given as text for an input whose default is a number or a flag', () => {
  const plan = { inputs: { n: { default: 5 }, ratio: { default: 0.5 }, dry: { default: false }, week: { default: '2026-W48' }, free: { required: false } } } as never;

  it('is read as the default is, when it spells one', () => {
    expect(resolveInputs(plan, { n: '7', ratio: '-0.25', dry: 'true', week: '12', free: '3' })).toEqual({ ok: true, inputs: { n: 7, ratio: -0.25, dry: true, week: '12', free: '3' } });
  });

  // Found by a new-user walkthrough: `--input n=abc` stayed text, the run started, and the first tool that
  // used it failed with an error that named neither the input nor where its value came from.
  it('is an error naming the input when it spells none', () => {
    expect(resolveInputs(plan, { n: 'seven', dry: 'yes', ratio: 'Infinity' })).toEqual({
      ok: false,
      errors: [
        `input 'n' is a number (its default is 5); got "seven": give a number`,
        `input 'ratio' is a number (its default is 0.5); got "Infinity": give a number`,
        `input 'dry' is true or false (its default is false); got "yes": give true or false`,
      ],
    });
    expect(resolveInputs(plan, { n: ' ' })).toMatchObject({ ok: false });
  });

  // Found by a review: `1.50`, `1e3` and `0x10` passed the check and stayed text, to fail at the first tool.
  it('reads every decimal number, however it is written, and refuses hex', () => {
    expect(resolveInputs(plan, { n: '1.50', ratio: '1e3' })).toMatchObject({ ok: true, inputs: { n: 1.5, ratio: 1000 } });
    expect(resolveInputs(plan, { n: '+7', ratio: '.5' })).toMatchObject({ ok: true, inputs: { n: 7, ratio: 0.5 } });
    expect(resolveInputs(plan, { n: '0x10' })).toEqual({ ok: false, errors: [`input 'n' is a number (its default is 5); got "0x10": give a number`] });
    expect(resolveInputs(plan, { n: 8, dry: false })).toMatchObject({ ok: true, inputs: { n: 8, dry: false } });
  });

  // The action's inputs give a number or a flag YAML reads exactly as written as one, and the rest as text.
  it('gives a text input a number or a flag as its text, and reads a flag in any case', () => {
    expect(resolveInputs(plan, { week: 48, free: 3 })).toMatchObject({ ok: true, inputs: { week: '48', free: 3 } });
    expect(resolveInputs(plan, { week: true })).toMatchObject({ ok: true, inputs: { week: 'true' } });
    expect(resolveInputs(plan, { dry: 'TRUE' })).toMatchObject({ ok: true, inputs: { dry: true } });
    expect(resolveInputs(plan, { dry: 'False' })).toMatchObject({ ok: true, inputs: { dry: false } });
  });

  // Found by a review: a typed value passed through unchecked, so `count: true` reached a number input.
  it('refuses a flag for a number input and a number for a flag input, naming them', () => {
    expect(resolveInputs(plan, { n: true, dry: 1 })).toEqual({
      ok: false,
      errors: [`input 'n' is a number (its default is 5); got true: give a number`, `input 'dry' is true or false (its default is false); got 1: give true or false`],
    });
  });
});

// Found by an adversarial pass: the action's `inputs` may hold a list or a map, which reached an input whose
// default is text (or a number) unchecked.
describe('a list or a map given for an input', () => {
  const plan = { inputs: { week: { default: '2026-W48' }, n: { default: 5 }, dry: { default: false }, files: { default: ['a'] }, free: { required: false } } } as never;

  it('is an error naming the input when its default is text, a number or a flag', () => {
    expect(resolveInputs(plan, { week: ['W1'], n: { value: 7 }, dry: [true] })).toEqual({
      ok: false,
      errors: [
        `input 'week' is text (its default is "2026-W48"); got a list: give text`,
        `input 'n' is a number (its default is 5); got a map: give a number`,
        `input 'dry' is true or false (its default is false); got a list: give true or false`,
      ],
    });
  });

  // Found by a review: null (a used plan's `with:` from a result) and a value that is no list passed unchecked.
  it('is refused where a list is the default and the value is none, and null is refused where the default is not', () => {
    expect(resolveInputs(plan, { files: 'a', week: null, n: null })).toEqual({
      ok: false,
      errors: [
        `input 'week' is text (its default is "2026-W48"); got null: give text`,
        `input 'n' is a number (its default is 5); got null: give a number`,
        `input 'files' is a list (its default is ["a"]); got "a": give a list`,
      ],
    });
    expect(resolveInputs(plan, { free: null })).toMatchObject({ ok: true, inputs: { free: null } });
  });

  it('is taken for an input whose default is a list or that has none', () => {
    expect(resolveInputs(plan, { files: ['b', 'c'], free: { a: 1 } })).toMatchObject({ ok: true, inputs: { files: ['b', 'c'], free: { a: 1 } } });
  });
});

// Found by an adversarial pass: a refused value was quoted whole, so `--input n=<100,000 characters>` wrote a
// 100 KB error line to the log, the job summary and the report (and the job's failure annotation).
describe('a long value refused for an input', () => {
  const plan = { inputs: { n: { default: 5 }, dry: { default: false } } } as never;

  it('is described by its length, not quoted whole nor cut', () => {
    const long = `${'x'.repeat(99_990)}1234567890`;
    const result = resolveInputs(plan, { n: long, dry: `${'y'.repeat(70)}` });
    expect(result).toEqual({
      ok: false,
      errors: [
        `input 'n' is a number (its default is 5); got text of 100,000 characters: give a number`,
        `input 'dry' is true or false (its default is false); got text of 70 characters: give true or false`,
      ],
    });
  });

  it('is quoted whole while it is short', () => {
    const short = 'z'.repeat(64);
    expect(resolveInputs(plan, { n: short })).toEqual({ ok: false, errors: [`input 'n' is a number (its default is 5); got "${short}": give a number`] });
  });
});

// Found by an adversarial pass: `--input n=1e309` was told "give a number", though it wrote one.
describe('a number too large to read given for a number input', () => {
  it('is refused saying it is too large, and how large one may be', () => {
    const plan = { inputs: { n: { default: 5 } } } as never;
    expect(resolveInputs(plan, { n: '-1e309' })).toEqual({
      ok: false,
      errors: [`input 'n' is a number (its default is 5); got "-1e309", too large to read: give a number no larger than 1.7976931348623157e+308 either way`],
    });
  });

  // Found by a hunt of plan errors: `--input n=12345678901234567890` was read as 12345678901234567168, another number.
  it('is refused for a whole number past 2^53, which it would read as another; as text, for a text input, it stays', () => {
    const plan = { inputs: { n: { default: 5 }, id: { default: 'x' } } } as never;
    expect(resolveInputs(plan, { n: '12345678901234567890' })).toEqual({
      ok: false,
      errors: [`input 'n' is a number (its default is 5); got "12345678901234567890", too large to read: give a whole number no larger than 9007199254740991 either way, which a plan holds exactly (or an input whose default is text, for an id)`],
    });
    expect(resolveInputs(plan, { n: '9007199254740991', id: '12345678901234567890' })).toEqual({ ok: true, inputs: { n: 9007199254740991, id: '12345678901234567890' } });
  });
});
