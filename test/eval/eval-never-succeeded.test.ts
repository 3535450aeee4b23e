import { describe, expect, it } from 'vitest';
import type { EvalRunResult } from '../../src/eval/eval-run-result.ts';
import { evalReport } from '../../src/eval/evaluate.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';

const settings: EvalSettings = { plans: [{ file: 'plan.yml' }], runs: 2, seed: 1, faults: [], baselines: [], inputs: {}, cwd: '.', env: {}, model: { kind: 'none' }, maxTurns: 20 };

function run(n: number, status: EvalRunResult['status'], column = 'plan'): EvalRunResult {
  return { column, variant: 'plan', run: n, status, ...(status !== 'succeeded' && { reason: 'step 2 failed: tool exited 1' }), goals: [{ name: 'the answer is 11', outcome: status === 'succeeded' ? 'met' : 'unmet' }], modelCalls: 0, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, costUsd: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 5, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] };
}

// With no min-success-rate, an evaluation in which every run of the plan failed passed (exit 0, `status: succeeded`):
// a gate that saw the plan never work opened. Fail closed, unless `min-success-rate: 0` asks for a measurement alone.
describe('an evaluation none of whose plan runs succeeded', () => {
  it('fails without a min-success-rate, saying why and how to only measure', () => {
    const report = evalReport(settings, [run(1, 'failed'), run(2, 'escalated')], {}, false);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('Failed: none of the 2 run(s) of plan succeeded (step 2 failed: tool exited 1)');
    expect(report.markdown).toContain('min-success-rate: 0');
  });

  it('passes as a measurement with min-success-rate 0, and with one run that succeeded', () => {
    expect(evalReport(settings, [run(1, 'failed'), run(2, 'failed')], { minSuccessRate: 0 }, false).passed).toBe(true);
    expect(evalReport(settings, [run(1, 'failed'), run(2, 'succeeded')], {}, false).passed).toBe(true);
  });

  it('fails a comparison whose new plan never succeeded, though the base plan did no better', () => {
    const compare: EvalSettings = { ...settings, plans: [{ file: 'base.yml' }, { file: 'new.yml' }] };
    const report = evalReport(compare, [run(1, 'failed', 'base.yml'), run(1, 'failed', 'new.yml')], {}, false);
    expect(report.regressions).toEqual([]);
    expect(report.markdown).toContain('Failed: none of the 1 run(s) of new.yml succeeded');
    expect(report.passed).toBe(false);
    // The base plan is what the new one is compared with: its failing is no failure of the evaluation.
    expect(evalReport(compare, [run(1, 'failed', 'base.yml'), run(1, 'succeeded', 'new.yml')], {}, false).passed).toBe(true);
  });
});

// Found by a hunt of eval: four runs that failed early at $0.0005 pulled the mean of five under a cost limit of $0.02 that
// the one run that succeeded cost 2.5 times ($0.05), and the gate passed.
describe('the cost gate with runs that fail early', () => {
  const priced = (n: number, status: EvalRunResult['status'], costUsd: number): EvalRunResult => ({ ...run(n, status), modelCalls: 2, costUsd });

  it('holds the runs that succeeded to the limit too', () => {
    const runs = [priced(1, 'succeeded', 0.05), ...[2, 3, 4, 5].map((n) => priced(n, 'failed', 0.0005))];
    const report = evalReport({ ...settings, runs: 5 }, runs, { maxCostUsdPerRun: 0.02 }, false);
    expect(report.passed).toBe(false);
    expect(report.thresholds).toEqual([expect.objectContaining({ name: 'max-cost-usd-per-run', limit: 0.02, actual: 0.05, ok: false })]);
    expect(report.markdown).toContain('- ❌ `max-cost-usd-per-run`: 0.0500, the mean of the 1 run(s) that succeeded (limit 0.02)');
    // And the mean of all runs, when that is more: failing runs that cost more than those that succeed.
    const dear = evalReport({ ...settings, runs: 2 }, [priced(1, 'succeeded', 0.01), priced(2, 'failed', 0.05)], { maxCostUsdPerRun: 0.02 }, false);
    expect(dear.thresholds).toEqual([expect.objectContaining({ actual: expect.closeTo(0.03, 10), ok: false })]);
    expect(evalReport({ ...settings, runs: 2 }, [priced(1, 'succeeded', 0.01), priced(2, 'failed', 0.001)], { maxCostUsdPerRun: 0.02 }, false).passed).toBe(true);
  });
});
