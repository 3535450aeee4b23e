import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/core/parse-json.ts';
import { readInput, resolveInputs } from '../../src/plan/resolve-inputs.ts';

/** A list holding a list … `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < depth; level++) value = [value];
  return value;
}

// Found by an adversarial pass: the action's `inputs` took a list 300 levels deep (`{"data": [[[…]]]}`), and the run
// wrote it into its trace with the step's arguments; resumed, that trace was refused as damaged, so the run’s finished
// steps could not be kept. A tool's result or a model's arguments that deep are refused where they are read.
describe('a list or a map given for an input, nesting deeper than data does', () => {
  const plan = { inputs: { data: { required: true }, week: { default: '2026-W48' } } } as never;

  it('is refused naming the input, before anything runs', () => {
    const result = resolveInputs(plan, { data: nested(MAX_JSON_DEPTH + 1) });
    expect(result).toEqual({ ok: false, errors: [`input 'data' nests lists and maps more than ${MAX_JSON_DEPTH} levels deep, which no data needs: give a flatter value`] });
  });

  it('is refused in a used plan’s `with:` too, which reads each value as the run does', () => {
    expect(readInput('data', { required: true }, { rows: nested(300) })).toMatchObject({ ok: false, error: expect.stringContaining(`input 'data' nests lists and maps more than ${MAX_JSON_DEPTH} levels deep`) });
  });

  it('is taken at the deepest data may nest', () => {
    const value = nested(MAX_JSON_DEPTH);
    expect(resolveInputs(plan, { data: value })).toEqual({ ok: true, inputs: { data: value, week: '2026-W48' } });
  });
});
