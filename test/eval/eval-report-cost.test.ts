import { describe, expect, it } from 'vitest';
import type { EvalRunResult } from '../../src/eval/eval-run-result.ts';
import { evalReport } from '../../src/eval/evaluate.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';

const settings: EvalSettings = { plans: [{ file: 'plan.yml' }], runs: 2, seed: 1, faults: [], baselines: [], inputs: {}, cwd: '.', env: {}, model: { kind: 'live', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'k' }, maxTurns: 20 };

function run(n: number, status: EvalRunResult['status'], modelCalls: number): EvalRunResult {
  return { column: 'plan', variant: 'plan', run: n, status, goals: [], modelCalls, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, costUsd: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 5, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] };
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
    // No comparison is shown with a column that evaluated nothing.
    expect(both.regressions).toBeUndefined();
    expect(both.markdown).not.toContain('No regression');
    expect(both.passed).toBe(false);
    const ranNew = evalReport(compare, [refused(1, 'base base.yml'), { ...run(1, 'succeeded', 1), column: 'new.yml' }], {}, false);
    expect(ranNew.passed).toBe(false);
    expect(evalReport(compare, [{ ...run(1, 'succeeded', 1), column: 'base base.yml' }, { ...run(1, 'succeeded', 1), column: 'new.yml' }], {}, false).passed).toBe(true);
  });
});

// Found by an adversarial pass: each of these passed the eval gate.
describe('an eval that measured nothing of the plan fails', () => {
  const compare: EvalSettings = { ...settings, plans: [{ file: 'base.yml', label: 'base base.yml' }, { file: 'new.yml', label: 'new.yml' }] };
  const unreachable = (n: number, column: string): EvalRunResult => ({ ...run(n, 'escalated', 0), column, unansweredModelRequests: 1, reason: 'could not reach the endpoint' });

  it('a comparison in which no run got a model answer: not "no regression"', () => {
    const report = evalReport(compare, [unreachable(1, 'base base.yml'), unreachable(2, 'base base.yml'), unreachable(1, 'new.yml'), unreachable(2, 'new.yml')], {}, false);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('Failed: no run of new.yml got an answer from the model (could not reach the endpoint), so its figures say nothing of the plan.');
    expect(report.markdown).not.toContain('No regression');
    // A plan that needs no model, failing under the eval's faults, was evaluated: its runs asked no model (only measured,
    // as `min-success-rate: 0` asks: without it, a plan none of whose runs succeeded fails).
    const noModel = (n: number, column: string): EvalRunResult => ({ ...run(n, 'failed', 0), column, unansweredModelRequests: 0 });
    expect(evalReport(compare, [noModel(1, 'base base.yml'), noModel(1, 'new.yml')], { minSuccessRate: 0 }, false).passed).toBe(true);
  });

  it('the cost gate, when no run succeeded (failing early is cheap) or a request was abandoned in flight', () => {
    const failedAfterCalls = [{ ...run(1, 'escalated', 2), costUsd: 0.0001 }, { ...run(2, 'escalated', 2), costUsd: 0.0001 }];
    const cheap = evalReport(settings, failedAfterCalls, { maxCostUsdPerRun: 0.01 }, false);
    expect(cheap.thresholds[0]).toMatchObject({ ok: false, unevaluable: 'no run succeeded, so what a run that does costs is unknown (runs that fail early cost less)' });
    expect(cheap.passed).toBe(false);
    const abandoned = evalReport(settings, [{ ...run(1, 'succeeded', 1), costUsd: 0.0001, abandonedRequests: 1 }, { ...run(2, 'succeeded', 1), costUsd: 0.0001 }], { maxCostUsdPerRun: 0.0001 }, false);
    expect(abandoned.thresholds[0]).toMatchObject({ ok: false, unevaluable: '1 model request(s) were abandoned before their answer (a timeout, a cancel), which a provider bills and no cost figure holds' });
    expect(evalReport(settings, [{ ...run(1, 'succeeded', 1), costUsd: 0.0001 }], { maxCostUsdPerRun: 0.0001 }, false).passed).toBe(true);
    // Nothing billed: an answers file, or a request the eval's own `slow` fault held (found by a review).
    const answers: EvalSettings = { ...settings, model: { kind: 'answers', answers: {} } };
    expect(evalReport(answers, [{ ...run(1, 'succeeded', 1), costUsd: 0.0001, abandonedRequests: 1 }], { maxCostUsdPerRun: 0.0001 }, false).passed).toBe(true);
    const held = { ...run(1, 'succeeded', 1), costUsd: 0.0001, abandonedRequests: 1, faults: [{ target: 'model:step:1', fault: 'slow' as const, call: 1, rule: 0 }] };
    expect(evalReport(settings, [held], { maxCostUsdPerRun: 0.0001 }, false).passed).toBe(true);
  });

  // A plan with MCP servers is not loaded before the runs, so an unpriced model its used plan calls was not refused
  // up front, and the gate passed on `$0.00008 + unknown` (found by an adversarial pass).
  it('the cost gate, when a call went to a model of no known price', () => {
    const unpriced = evalReport(settings, [{ ...run(1, 'succeeded', 2), costUsd: 0.00008, unpricedCalls: 1 }], { maxCostUsdPerRun: 0.01 }, false);
    expect(unpriced.thresholds[0]).toMatchObject({ ok: false, unevaluable: "1 model call(s) per run went to a model with no known price, so the cost is not known; give the model's price in `pricing:`" });
    expect(unpriced.passed).toBe(false);
  });

  it('a fault rule that targeted calls but injected no fault into any run of the plan', () => {
    const faulted: EvalSettings = { ...settings, faults: [{ tool: 'multiply', fault: 'exit 1', attempt: 2 }] };
    const targetedOnly = [{ ...run(1, 'succeeded', 0), faultRulesTargeting: [0] }];
    const report = evalReport(faulted, targetedOnly, {}, false);
    expect(report.passed).toBe(false);
    expect(report.markdown).toContain('Failed: fault rule 1 (tool: multiply, exit 1) injected no fault into any run of the plan');
    // A fault only a baseline's calls got does not count for the plan.
    const baselineOnly = [...targetedOnly, { ...run(1, 'failed', 0), column: 'react', variant: 'react' as const, faultRulesTargeting: [0], faults: [{ target: 'tool:multiply in 1', fault: 'exit 1' as const, call: 2, rule: 0 }] }];
    expect(evalReport(faulted, baselineOnly, {}, false).passed).toBe(false);
    expect(evalReport(faulted, [{ ...run(1, 'failed', 0), faultRulesTargeting: [0], faults: [{ target: 'tool:multiply in 1', fault: 'exit 1' as const, call: 2, rule: 0 }] }], { minSuccessRate: 0 }, false).passed).toBe(true);
    // A rule for the ReAct baseline's model calls is tried on the baseline (found by a review).
    const react: EvalSettings = { ...settings, faults: [{ model: 'react', fault: 'http 500', attempt: 1 }] };
    const reactRuns = [{ ...run(1, 'succeeded', 0) }, { ...run(1, 'failed', 1), column: 'react', variant: 'react' as const, faultRulesTargeting: [0], faults: [{ target: 'model:react', fault: 'http 500' as const, call: 1, rule: 0 }] }];
    expect(evalReport(react, reactRuns, {}, false).passed).toBe(true);
  });

  it('a fault rule compared plans must both have met: one only the base plan met compared a faulted base with an untried plan', () => {
    const compare: EvalSettings = { ...settings, runs: 1, plans: [{ file: 'base.yml' }, { file: 'new.yml' }], faults: [{ tool: 'multiply', fault: 'exit 1', attempt: 1 }] };
    const faulted = (column: string) => ({ ...run(1, 'succeeded', 0), column, faultRulesTargeting: [0], faults: [{ target: 'tool:multiply in 1', fault: 'exit 1' as const, call: 1, rule: 0 }] });
    // The new plan calls the tool, and the fault never fell on it.
    const untried = { ...run(1, 'succeeded', 0), column: 'new.yml', faultRulesTargeting: [0] };
    const report = evalReport(compare, [faulted('base.yml'), untried], {}, false);
    expect(report.markdown).toContain('Failed: fault rule 1 (tool: multiply, exit 1) injected no fault into any run of new.yml, so what it would test was never tried');
    expect(report.passed).toBe(false);
    // The new plan no longer calls the tool: the advice is to fix the rule, not to raise its rate (found by a review).
    const renamed = evalReport(compare, [faulted('base.yml'), { ...untried, faultRulesTargeting: [] }], {}, false);
    expect(renamed.markdown).toContain('Failed: fault rule 1 (tool: multiply, exit 1) in new.yml matched no call, so the plans were not compared under it');
    expect(renamed.markdown).not.toContain('raise its');
    expect(renamed.passed).toBe(false);
    expect(evalReport(compare, [faulted('base.yml'), faulted('new.yml')], {}, false).passed).toBe(true);
    // A rule for the ReAct baseline, compared, is tried on each plan's baseline.
    const react: EvalSettings = { ...compare, baselines: ['react'], faults: [{ model: 'react', fault: 'http 500', attempt: 1 }] };
    const baseline = (column: string, injected: boolean) => ({ ...run(1, 'failed', 1), column, variant: 'react' as const, faultRulesTargeting: [0], faults: injected ? [{ target: 'model:react', fault: 'http 500' as const, call: 1, rule: 0 }] : [] });
    const plans = [{ ...run(1, 'succeeded', 0), column: 'base.yml' }, { ...run(1, 'succeeded', 0), column: 'new.yml' }];
    const oneBaseline = evalReport(react, [...plans, baseline('react · base.yml', true), baseline('react · new.yml', false)], {}, false);
    expect(oneBaseline.markdown).toContain('injected no fault into any run of react · new.yml');
    expect(evalReport(react, [...plans, baseline('react · base.yml', true), baseline('react · new.yml', true)], {}, false).passed).toBe(true);
  });
});

it('shows a success rate beside the min-success-rate limit on the side of it that it is', () => {
  const runs = [...Array.from({ length: 899 }, (_, i) => run(i + 1, 'succeeded', 1)), ...Array.from({ length: 100 }, (_, i) => run(900 + i, 'failed', 1))];
  const report = evalReport(settings, runs, { minSuccessRate: 0.9 }, false);
  expect(report.passed).toBe(false);
  expect(report.markdown).toContain('| **success rate** | **89.99%** |');
  expect(evalReport(settings, runs, {}, false).markdown).toContain('| **success rate** | **90%** |');
});

// Found by an adversarial pass: a rate exactly at its limit was scaled to a percentage by a multiplication, and
// 29 of 100 runs at a limit of 0.29 read `28.999999999999996%` beside a pass, below the limit it met.
it('shows a success rate exactly at the min-success-rate limit as the limit’s own percentage', () => {
  const of = (met: number, total: number) => Array.from({ length: total }, (_, i) => run(i + 1, i < met ? 'succeeded' : 'failed', 1));
  const at = evalReport(settings, of(29, 100), { minSuccessRate: 0.29 }, false);
  expect(at.passed).toBe(true);
  expect(at.markdown).toContain('| **success rate** | **29%** |');
  expect(evalReport(settings, of(57, 100), { minSuccessRate: 0.57 }, false).markdown).toContain('| **success rate** | **57%** |');
  expect(evalReport(settings, of(14, 25), { minSuccessRate: 0.56 }, false).markdown).toContain('| **success rate** | **56%** |');
  // One below the limit still reads below it.
  const below = evalReport(settings, of(28, 100), { minSuccessRate: 0.29 }, false);
  expect(below.passed).toBe(false);
  expect(below.markdown).toContain('| **success rate** | **28%** |');
});

// Found by an adversarial pass: an endpoint that sent no `usage` had its tokens estimated from the text (about 4
// characters a token), which a run's summary says; the eval's table showed the estimates as counts, and a cost gate
// passed on them with nothing saying so.
it('says how many model calls per run had their tokens and cost estimated', () => {
  const estimated = (n: number, calls: number): EvalRunResult => ({ ...run(n, 'succeeded', 2), promptTokens: 500, completionTokens: 50, costUsd: 0.001, ...(calls > 0 && { estimatedCalls: calls }) });
  const report = evalReport(settings, [estimated(1, 2), estimated(2, 1)], { maxCostUsdPerRun: 0.01 }, false);
  expect(report.columns[0]?.estimatedCalls).toBe(1.5);
  expect(report.markdown).toContain('| model calls whose tokens and cost are estimates, the endpoint sent no usage or far too little (mean) | 1.5 |');
  const counted = evalReport(settings, [estimated(1, 0), estimated(2, 0)], {}, false);
  expect(counted.columns[0]?.estimatedCalls).toBeUndefined();
  expect(counted.markdown).not.toContain('estimates');
});
