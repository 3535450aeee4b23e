import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { EvalRunResult } from '../../src/eval/eval-run-result.ts';
import { evalReport, evaluate } from '../../src/eval/evaluate.ts';
import { readEvaluatedPlans } from '../../src/eval/evaluated-plans.ts';
import type { EvalSettings } from '../../src/eval/run-eval.ts';
import { evalSettings, ROOT } from './eval-fixture.ts';

const compare: EvalSettings = { plans: [{ file: 'base.yml' }, { file: 'new.yml' }], runs: 1, seed: 1, faults: [], baselines: [], inputs: {}, cwd: '.', env: {}, model: { kind: 'none' }, maxTurns: 20 };

function run(column: string, goals: Record<string, boolean>, status: EvalRunResult['status'] = 'succeeded'): EvalRunResult {
  return { column, variant: 'plan', run: 1, status, goals: Object.entries(goals).map(([name, met]) => ({ name, outcome: met ? 'met' : 'unmet' })), modelCalls: 0, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, costUsd: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 5, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] };
}

// A goal the new plan dropped read as a regression, `goal met: cites sources: 1 → 0`, and failed the comparison; a goal it
// added was named nowhere but its row. Each is now named as dropped or added, and neither is compared.
describe('--compare with goals only one plan has', () => {
  it('names a dropped goal and an added one, and compares neither', () => {
    const report = evalReport(compare, [run('base.yml', { answer: true, 'cites sources': true }), run('new.yml', { answer: true, 'short answer': true })], {}, false);
    expect(report.regressions).toEqual([]);
    expect(report.goalChanges).toEqual({ dropped: ['cites sources'], added: ['short answer'] });
    expect(report.passed).toBe(true);
    expect(report.markdown).toContain('**2 goal(s)** only one plan has, not compared:\n- dropped: cites sources\n- added: short answer');
    expect(report.markdown).not.toContain('cites sources: 1 → 0');
  });

  it('still finds a goal both plans have that got worse', () => {
    const report = evalReport(compare, [run('base.yml', { answer: true }), run('new.yml', { answer: false, extra: true }, 'goals-unmet')], {}, false);
    expect(report.regressions).toContainEqual({ figure: 'goal met: answer', base: 1, plan: 0 });
    expect(report.goalChanges).toEqual({ dropped: [], added: ['extra'] });
    expect(report.passed).toBe(false);
  });

  it('counts a goal the new plan declares but its runs did not report as unmet, not dropped', () => {
    const declared = new Map([['base.yml', ['answer']], ['new.yml', ['answer']]]);
    const report = evalReport(compare, [run('base.yml', { answer: true }), run('new.yml', {}, 'failed')], {}, false, declared);
    expect(report.goalChanges).toEqual({ dropped: [], added: [] });
    expect(report.regressions).toContainEqual({ figure: 'goal met: answer', base: 1, plan: 0 });
  });

  it('reads each plan file’s goals when it evaluates two plans', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-goal-changes-'));
    const bodmas = readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8');
    const goal = '  - name: the answer is 11\n    equals: "11"';
    writeFileSync(path.join(dir, 'base.yml'), bodmas.replace(goal, `${goal}\n  - name: mentions 11\n    contains: "11"`));
    writeFileSync(path.join(dir, 'new.yml'), bodmas.replace(goal, `${goal}\n  - name: short answer\n    max_chars: 10`));
    const settings = evalSettings(path.join(dir, 'new.yml'), { plans: [{ file: path.join(dir, 'base.yml'), label: 'base' }, { file: path.join(dir, 'new.yml'), label: 'new' }] });
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal });
    expect(report.goalChanges).toEqual({ dropped: ['mentions 11'], added: ['short answer'] });
    expect(report.regressions).toEqual([]);
    expect(report.passed).toBe(true);
  });

  // The CLI read both plans for its checks (inputs, the cost gate), and evaluate() read them again for their goals.
  it('takes the plans its caller read for the checks before the runs, not the files a second time', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-goal-changes-'));
    const bodmas = readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8');
    writeFileSync(path.join(dir, 'base.yml'), bodmas);
    writeFileSync(path.join(dir, 'new.yml'), bodmas);
    const settings = evalSettings(path.join(dir, 'new.yml'), { plans: [{ file: path.join(dir, 'base.yml'), label: 'base' }, { file: path.join(dir, 'new.yml'), label: 'new' }] });
    const [base, plan] = await readEvaluatedPlans(settings.plans);
    // As read, the new plan declares a goal more than its file does: the report names it, read from what was given.
    const declared = { ...plan!, source: { ...plan!.source, goals: [...(plan!.source.goals ?? []), { name: 'checked only as read', contains: 'x' }] } };
    const report = await evaluate(settings, {}, { clock: systemClock, signal: new AbortController().signal }, [base!, declared]);
    expect(report.goalChanges).toEqual({ dropped: [], added: ['checked only as read'] });
  });
});
