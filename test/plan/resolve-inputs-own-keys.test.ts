import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { resolveInputs } from '../../src/plan/resolve-inputs.ts';

const given = (...pairs: string[]) => {
  const args = parseCliArgs(['run', 'p.yml', ...pairs.flatMap((pair) => ['--input', pair])]);
  if (args.command !== 'run') throw new Error('not run');
  return args.inputs;
};

describe('input names that are Object.prototype keys', () => {
  it('are refused when the plan does not declare them', () => {
    expect(resolveInputs({}, given('toString=x'))).toEqual({ ok: false, errors: ["input 'toString' is not declared in the plan's inputs: the plan declares none"] });
    expect(resolveInputs({}, given('__proto__=1'))).toEqual({ ok: false, errors: ["input '__proto__' is not declared in the plan's inputs: the plan declares none"] });
  });

  it('a required input named constructor must be given, and is the value given', () => {
    const plan = { inputs: { constructor: { type: 'string', required: true } } } as never;
    expect(resolveInputs(plan, given())).toMatchObject({ ok: false, errors: [expect.stringContaining("input 'constructor' is required")] });
    const resolved = resolveInputs(plan, given('constructor=c'));
    expect(resolved.ok && resolved.inputs['constructor']).toBe('c');
  });
});
