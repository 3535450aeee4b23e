import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../src/cli/parse-cli-args.ts';
import { resolveInputs } from '../../src/plan/resolve-inputs.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';

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

// Found by an adversarial pass: zod's maps pass over a `__proto__` key, so an input (or a tool, or an `env:` name)
// called that validated, and was then missing: `--input __proto__=3` was told "the plan declares none".
describe('a key named __proto__ in a plan file', () => {
  it('is an error at its place, wherever it is a name, in either YAML reader', async () => {
    const text = 'name: p\ninputs:\n  __proto__: { default: 5 }\ntoolsets: [math]\ntools:\n  t:\n    command: [echo]\n    env:\n      __proto__: x\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n';
    // An anchor: the `yaml` package reads the file, not the fast reader.
    for (const plan of [text, text.replace('name: p', 'name: &n p')]) {
      const loaded = await loadPlanText(plan, 'p.yml');
      expect(loaded.ok).toBe(false);
      if (loaded.ok) continue;
      expect(loaded.errors.map((error) => [error.line, error.path])).toEqual([
        [3, 'inputs.__proto__'],
        [9, 'tools.t.env.__proto__'],
      ]);
      expect(loaded.errors[0]!.message).toContain('`__proto__` cannot be a name in a plan');
    }
  });
});
