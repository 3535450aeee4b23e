import { describe, expect, it } from 'vitest';
import { resolveInputs } from '../../src/plan/resolve-inputs.ts';
import { emptyInputsWarning } from '../../src/plan/empty-inputs-warning.ts';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';

const plan = { inputs: { week: { default: 48 }, owner: { required: true }, note: { required: false } } } as const;

// Found by an adversarial pass: the action's `wek:` (a `${{ }}` that came out empty) was taken for the plan's input.
describe('inputs given empty', () => {
  it('are refused where the plan does not declare them, in the words used for one given a value', () => {
    const valued = resolveInputs(plan, { wek: 49, owner: 'me' });
    expect(resolveInputs(plan, { owner: 'me' }, ['wek'])).toEqual(valued);
    expect(valued).toEqual({ ok: false, errors: ["input 'wek' is not declared in the plan's inputs: declared: week, owner, note"] });
  });

  it('take the declared default, and a required input with none is refused saying it was given empty', () => {
    expect(resolveInputs(plan, { owner: 'me' }, ['week', 'note'])).toEqual({ ok: true, inputs: { week: 48, owner: 'me' } });
    expect(resolveInputs(plan, {}, ['owner'])).toEqual({ ok: false, errors: [expect.stringMatching(/^input 'owner' is required and was given empty, and the plan has no default for it: /)] });
  });

  it('are warned about only where the plan declares them and takes them without a value', () => {
    expect(emptyInputsWarning(['wek', 'owner'], plan.inputs)).toBeUndefined();
    expect(emptyInputsWarning(['week'], plan.inputs)).toMatch(/^Input `week` is given empty \(`week:` in the action's `inputs`, `--input week=` on the CLI\), so the plan's default is used: 48\. /);
    expect(emptyInputsWarning(['wek', 'note'], plan.inputs)).toMatch(/^Input `note` is given empty \(.*\), so the plan's default is used: none \(it is left unset\)\. /);
    expect(emptyInputsWarning(['week'], { week: { default: 'x'.repeat(100) } })).toContain('default is used: text of 100 characters.');
  });

  // `--input owner=` was the text "", which satisfied a required input the action refuses given empty (`owner:`): the
  // CLI now takes an empty VALUE as the action takes an empty value, as the input not given.
  it('on the CLI (`--input owner=`) are not given, as in the action', () => {
    const args = parseCliArgs(['run', 'p.yml', '--input', 'wek=', '--input', 'owner=', '--input', 'week=']);
    if (args.command !== 'run') throw new Error('not run');
    expect(args.emptyInputs).toEqual(['wek', 'owner', 'week']);
    const refused = resolveInputs(plan, args.inputs, args.emptyInputs);
    expect(refused).toEqual({ ok: false, errors: ["input 'wek' is not declared in the plan's inputs: declared: week, owner, note", expect.stringMatching(/^input 'owner' is required and was given empty, and the plan has no default for it: give it a value \(the action's 'inputs', the CLI's --input owner=…\)/)] });
    const given = parseCliArgs(['run', 'p.yml', '--input', 'owner=me', '--input', 'week=']);
    if (given.command !== 'run') throw new Error('not run');
    expect(resolveInputs(plan, given.inputs, given.emptyInputs)).toEqual({ ok: true, inputs: { week: 48, owner: 'me' } });
    expect(() => parseCliArgs(['run', 'p.yml', '--input', 'week=', '--input', 'week=49'])).toThrow('--input week is given twice');
  });
});
