import { describe, expect, it } from 'vitest';
import type { EvalRunResult } from '../../src/eval/eval-run-result.ts';
import { evalReport } from '../../src/eval/evaluate.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';

const settings: EvalSettings = { plans: [{ file: 'plan.yml' }], runs: 2, seed: 1, faults: [], baselines: [], inputs: {}, cwd: '.', env: {}, model: { kind: 'live', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' }, maxTurns: 20 };

function run(n: number, status: EvalRunResult['status'], modelCalls: number): EvalRunResult {
  return { column: 'plan', variant: 'plan', run: n, status, goals: [], modelCalls, promptTokens: 0, completionTokens: 0, costUsd: 0, abandonedRequests: 0, durationMs: 5, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] };
}

// Runs that failed at their first model call (an endpoint that could not be reached, a revoked key)
// cost $0, and the cost gate passed on an eval in which no model answered.
describe('the cost threshold over runs that made no model call', () => {
  it('is not checked, and fails, when no run succeeded without a model call', () => {
    const report = evalReport(settings, [run(1, 'escalated', 0), run(2, 'failed', 0)], { maxCostUsdPerRun: 0.01 }, false);
    expect(report.thresholds).toEqual([expect.objectContaining({ name: 'max-cost-usd-per-run', ok: false, unevaluable: '2 of 2 run(s) ended without a model call and without succeeding, so their cost says nothing of the plan\'s' })]);
    expect(report.passed).toBe(false);
  });

  it('is checked when a run succeeded without a model call: the plan needs none, and $0 is its cost', () => {
    const report = evalReport(settings, [run(1, 'succeeded', 0), run(2, 'failed', 0)], { maxCostUsdPerRun: 0.01 }, false);
    expect(report.thresholds).toEqual([{ name: 'max-cost-usd-per-run', limit: 0.01, actual: 0, ok: true }]);
  });
});

// Every run refused before its first step (no model for a plan the model writes, an input missing):
// the table said 0% and, comparing two such plans, "No regression", and the eval passed, exit 0, so a
// regression gate opened on a plan it never ran (found by an adversarial pass).
describe('a plan column none of whose runs got to a step', () => {
  const refused = (n: number, column = 'plan'): EvalRunResult => ({ ...run(n, 'rejected', 0), column, reason: 'the plan has a goal but no workflow_sequence, so a model writes the steps, and none is configured' });

  it('fails the eval, saying why', () => {
    const report = evalReport(settings, [refused(1), refused(2)], {}, false);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('Failed: no run of plan got to its first step: each was refused (the plan has a goal but no workflow_sequence');
  });

  it('fails a comparison whose base or new plan never ran, though nothing regressed', () => {
    const compare: EvalSettings = { ...settings, plans: [{ file: 'base.yml', label: 'base base.yml' }, { file: 'new.yml', label: 'new.yml' }] };
    const both = evalReport(compare, [refused(1, 'base base.yml'), refused(1, 'new.yml')], {}, false);
    expect(both.regressions).toEqual([]);
    expect(both.passed).toBe(false);
    const ranNew = evalReport(compare, [refused(1, 'base base.yml'), { ...run(1, 'succeeded', 1), column: 'new.yml' }], {}, false);
    expect(ranNew.passed).toBe(false);
    expect(evalReport(compare, [{ ...run(1, 'succeeded', 1), column: 'base base.yml' }, { ...run(1, 'succeeded', 1), column: 'new.yml' }], {}, false).passed).toBe(true);
  });
});
