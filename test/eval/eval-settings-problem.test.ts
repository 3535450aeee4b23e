import { describe, expect, it } from 'vitest';
import { evalSettingsProblem, type EvalSettings } from '../../src/eval/run-eval.ts';

const settings = (fields: Partial<EvalSettings>): EvalSettings => ({
  plans: [{ file: 'plan.yml' }],
  runs: 2,
  seed: 1,
  faults: [],
  baselines: [],
  inputs: {},
  cwd: process.cwd(),
  env: {},
  model: { kind: 'none' },
  maxTurns: 10,
  ...fields,
});

// Found by an adversarial pass: without a model every react run was rejected, and the table showed a 0%
// react baseline that the plan beat, with exit 0.
describe('an evaluation refused before any run', () => {
  it('asks for a model when the react baseline is asked for without one', () => {
    expect(evalSettingsProblem(settings({ baselines: ['react'], model: { kind: 'none', hint: 'set OPENAI_API_KEY' } }))).toBe(
      'the react baseline asks a model for every step, and no model is configured: set OPENAI_API_KEY; or leave the react baseline out',
    );
    expect(evalSettingsProblem(settings({ baselines: ['full-history'] }))).toBeUndefined();
    expect(evalSettingsProblem(settings({ baselines: ['react'], model: { kind: 'replay', file: 'r.jsonl' } }))).toBeUndefined();
  });
});
