import { readFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { MAX_RESULT_OUTPUT_BYTES } from '../../src/action/action-outputs.ts';
import { reportPaths } from '../../src/action/report-paths.ts';
import { runnerActionIO } from '../../src/action/action-io.ts';
import { workflowCommands } from '../../src/action/runner-commands.ts';
import { SUMMARY_MAX_BYTES } from '../../src/report/summary/render-summary.ts';
import { recordingRunner } from '../action/recording-runner.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from '../action/recording-io.ts';
import { CHAPTER_ANSWERS, CHAPTER_FAULTS, ROOT } from './eval-fixture.ts';

async function evalAction(inputs: Record<string, string>, runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'))) {
  const given: Record<string, string> = { plan: 'workflows/bodmas.yml', mode: 'eval', 'eval-runs': '2', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: ROOT, RUNNER_TEMP: runnerTemp, GITHUB_EVENT_NAME: 'push', PATH: process.env.PATH ?? '' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
  await result.published;
  return { result, said };
}

describe('the action with mode: eval', () => {
  it('fails the job when the evaluation did not pass for a reason besides the thresholds: a fault rule that matched no call', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    const faults = path.join(runnerTemp, 'idle-faults.yml');
    writeFileSync(faults, '- { tool: fetchh, fault: timeout, attempt: 1 }\n');
    const { result, said } = await evalAction({ plan: 'workflows/planning-chapter.yml', 'eval-runs': '1', 'eval-answers': CHAPTER_ANSWERS, 'eval-faults': faults, 'min-success-rate': '1' }, runnerTemp);
    expect(said.summary).toContain('matched no call in any run');
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toBe('plan-runner: the evaluation did not pass; its report (the job summary) says why');
  });

  it('fails a cost threshold it could not check: runs with no model configured cost $0 because nothing ran', async () => {
    const { result, said } = await evalAction({ plan: 'workflows/planning-chapter.yml', 'max-cost-usd-per-run': '0.02' });
    expect(result.outputs.status).toBe('failed');
    expect(said.summary).toContain('❌ `max-cost-usd-per-run`: not checked (limit 0.02): 2 of 2 run(s) ended without a model call and without succeeding');
    expect(result.failure).toContain('max-cost-usd-per-run not checked: 2 of 2 run(s) ended without a model call and without succeeding');
  });

  it('fails before any run when the plan cannot take the inputs, naming the input', async () => {
    const { result, said } = await evalAction({ inputs: '{ "undeclared": 1 }' });
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toBe("plan-runner: nothing was evaluated: workflows/bodmas.yml: input 'undeclared' is not declared in the plan's inputs: the plan declares none");
    expect(said.log.join('\n')).not.toContain('plan run 1');
  });

  // Found by a hunting pass: an evaluation refused before any run (an input the plan does not declare, a fault file that is not
  // there, a task alone) left the job summary empty and wrote no report, where the README says both are written in every case.
  it('writes the job summary and the report file when it refuses before any run, saying why', async () => {
    const refusals = [
      [{ inputs: '{ "undeclared": 1 }' }, "input 'undeclared' is not declared in the plan's inputs"],
      [{ 'eval-faults': 'test/eval/fixtures/no-such-faults.yml' }, 'no-such-faults.yml: no such file'],
    ] as const;
    for (const [inputs, why] of refusals) {
      const { result, said } = await evalAction(inputs);
      expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false', report: expect.stringMatching(/\.md$/) });
      expect(said.summary).toContain('plan-runner refused to run');
      expect(said.summary).toContain(why);
      expect(readFileSync(result.outputs.report, 'utf8')).toBe(said.summary);
    }
  });

  // Found by an adversarial pass: an input given empty was warned about as the plan's, its default used, whether or not the plan declared it.
  it('fails before any run on an input given empty that the plan does not declare, and warns of a declared one’s default', async () => {
    const { result, said } = await evalAction({ inputs: 'undeclared:' });
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toBe("plan-runner: nothing was evaluated: workflows/bodmas.yml: input 'undeclared' is not declared in the plan's inputs: the plan declares none");
    expect(said.warnings).toEqual([]);
    const declared = await evalAction({ plan: 'workflows/returns-check.yml', 'eval-runs': '1', inputs: 'week:' });
    expect(declared.said.warnings).toContainEqual(expect.stringMatching(/^Input `week` is given empty \(`week:` in the action's `inputs`, `--input week=` on the CLI\), so the plan's default is used: "2026-W48"\. /));
  });

  it('writes the table to the job summary and passes when the thresholds are met', async () => {
    const { result, said } = await evalAction({
      plan: 'workflows/planning-chapter.yml',
      'eval-answers': CHAPTER_ANSWERS,
      'eval-faults': CHAPTER_FAULTS,
      'eval-baselines': 'react',
      'min-success-rate': '1',
      'max-cost-usd-per-run': '0.01',
    });
    expect(result.failure).toBeUndefined();
    expect(result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(said.summary).toMatch(/\| model calls \(mean \/ p95\) \| 3 \/ 3 \| 7 \/ 7 \|/);
    expect(said.summary).toContain('✅ `min-success-rate`');
    expect(JSON.parse(result.outputs.result)).toEqual([expect.objectContaining({ column: 'plan', successRate: 1 }), expect.objectContaining({ column: 'react' })]);
    expect(await readFile(result.outputs.report, 'utf8')).toBe(said.summary);
  });

  // Found by a hunting pass: every evaluation of a job wrote eval.md and eval.json in the same folder, so a job that evaluated
  // two plans (or one plan with two run-keys) had the first step's report output name the second's table.
  it('keeps each evaluation of a job in its own report and figures files, by plan and run-key', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    const first = await evalAction({ 'eval-runs': '1' }, runnerTemp);
    const second = await evalAction({ plan: 'workflows/planning-chapter.yml', 'eval-runs': '1' }, runnerTemp);
    const keyed = await evalAction({ 'eval-runs': '1', 'run-key': 'node-24' }, runnerTemp);
    const reports = [first, second, keyed].map(({ result }) => result.outputs.report);
    expect(new Set(reports).size).toBe(3);
    expect(readFileSync(reports[0]!, 'utf8')).toBe(first.said.summary);
    expect(readFileSync(reports[1]!, 'utf8')).toBe(second.said.summary);
    expect(first.said.summary).toContain('workflows/bodmas.yml');
    expect(second.said.summary).toContain('workflows/planning-chapter.yml');
  });

  // The report output named eval.md though it could not be written (found by a review).
  // Found by an adversarial pass: a goal's name is the plan author's to make as long as the file allows, and the
  // `result` output (each column's rates by goal) went uncut, 1 MB of it; the job summary, 2 MB, which the runner drops.
  it('cuts the result output as a run does, and the job summary to what the runner keeps', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    const plan = path.join(runnerTemp, 'long-goal.yml');
    writeFileSync(plan, `${readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8')}  - name: "${'*'.repeat(600_000)}"\n    contains: "1"\n`);
    const { result, said } = await evalAction({ plan, 'eval-runs': '1' }, runnerTemp);
    expect(Buffer.byteLength(result.outputs.result)).toBeLessThanOrEqual(MAX_RESULT_OUTPUT_BYTES);
    // Still JSON, for a later step's fromJSON: the figures without the rates by goal (a cut left no JSON, found by a review).
    expect(JSON.parse(result.outputs.result)).toEqual([expect.objectContaining({ column: 'plan', runs: 1, goalsMetRate: [], goalsLeftOut: 2 })]);
    expect(said.warnings).toContainEqual(expect.stringContaining("The result output leaves out each column's rates by goal (2 goals) to stay within 65,536 bytes"));
    const { commands, told } = recordingRunner({});
    await runnerActionIO(commands, { GITHUB_STEP_SUMMARY: '/dev/null' }).writeSummary(await readFile(result.outputs.report, 'utf8'));
    expect(Buffer.byteLength(told.summary)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(told.summary).toContain('| goal met: the answer is 11 |');
  });

  // Found by an adversarial pass: the limit was 65,536 characters, and a goal named in Japanese made a result of
  // 40,000 characters, 120 KiB, that a later step could not take as an environment variable (Linux: 128 KiB at most).
  it('keeps the result output within 64 KiB of UTF-8, not 64 Ki characters', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    const plan = path.join(runnerTemp, 'japanese-goal.yml');
    writeFileSync(plan, `${readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8')}  - name: "${'漢'.repeat(40_000)}"\n    contains: "1"\n`);
    const { result } = await evalAction({ plan, 'eval-runs': '1' }, runnerTemp);
    expect(Buffer.byteLength(result.outputs.result)).toBeLessThanOrEqual(64 * 1024);
    expect(JSON.parse(result.outputs.result)).toEqual([expect.objectContaining({ column: 'plan', goalsMetRate: [], goalsLeftOut: 2 })]);
  });

  // Found by an adversarial pass: the thresholds and the notes saying why an evaluation failed came after the table,
  // and a table past 1 MiB (a goal's long name) lost them to the cut, where the failure sends the reader to read why.
  it('keeps the verdict in a job summary cut to what the runner keeps', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    const plan = path.join(runnerTemp, 'long-goal.yml');
    writeFileSync(plan, `${readFileSync(path.join(ROOT, 'workflows/bodmas.yml'), 'utf8')}  - name: "${'*'.repeat(600_000)}"\n    contains: "1"\n`);
    const faults = path.join(runnerTemp, 'idle-faults.yml');
    writeFileSync(faults, '- { tool: fetchh, fault: timeout, attempt: 1 }\n');
    const { result } = await evalAction({ plan, 'eval-runs': '1', 'eval-faults': faults, 'min-success-rate': '1' }, runnerTemp);
    expect(result.failure).toBe('plan-runner: the evaluation did not pass; its report (the job summary) says why');
    const summaryFile = path.join(runnerTemp, 'step-summary.md');
    writeFileSync(summaryFile, '');
    await runnerActionIO(workflowCommands({ GITHUB_STEP_SUMMARY: summaryFile }), { GITHUB_STEP_SUMMARY: summaryFile }).writeSummary(await readFile(result.outputs.report, 'utf8'));
    const summary = readFileSync(summaryFile, 'utf8');
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(summary).toContain('- ✅ `min-success-rate`: 1.0000 (limit 1)');
    expect(summary).toContain('matched no call in any run');
  });

  it('leaves the report output empty when the report file could not be written', async () => {
    const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-eval-action-'));
    mkdirSync(reportPaths(path.join(runnerTemp, 'plan-runner'), 'workflows/bodmas.yml').evalReport, { recursive: true });
    const { result, said } = await evalAction({ 'eval-runs': '1' }, runnerTemp);
    expect(result.outputs.status).toBe('succeeded');
    expect(result.outputs.report).toBe('');
    expect(said.warnings.join('\n')).toContain('eval.md');
  });

  it('fails the job when the success rate is under min-success-rate', async () => {
    const { result, said } = await evalAction({ 'eval-answers': CHAPTER_ANSWERS, 'eval-faults': path.join(ROOT, 'test/eval/fixtures/divide-fails.yml'), 'min-success-rate': '0.5' });
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toBe('plan-runner: the plan missed its evaluation thresholds: min-success-rate 0.0000 (limit 0.5)');
    expect(said.summary).toContain('❌ `min-success-rate`');
  });

  it('refuses max-cost-usd-per-run before any run when the model has no known price, saying to add pricing:', async () => {
    const { result, said } = await evalAction({ 'eval-answers': CHAPTER_ANSWERS, model: 'my-local-model', 'max-cost-usd-per-run': '0.000001' });
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toMatch(
      /^plan-runner: max-cost-usd-per-run cannot be checked: no price is known for model 'my-local-model', so every run would cost \$0\. Give its price in .*bodmas\.yml .*`pricing: \{ "my-local-model": \{ input_per_mtok: 3, output_per_mtok: 15 \} \}`/,
    );
    expect(said.summary ?? '').not.toContain('max-cost-usd-per-run`');
  });

  // A gate that saw the plan never work passed it: with no min-success-rate, every run failing at the divide step was
  // `status: succeeded`, exit 0. Only min-success-rate 0 takes the evaluation as a measurement alone.
  it('fails without thresholds when no run of the plan succeeded; with min-success-rate 0 it only measures', async () => {
    const divideFails = path.join(ROOT, 'test/eval/fixtures/divide-fails.yml');
    const failed = await evalAction({ 'eval-answers': CHAPTER_ANSWERS, 'eval-faults': divideFails });
    expect(failed.result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
    expect(failed.result.failure).toBe('plan-runner: the evaluation did not pass; its report (the job summary) says why');
    expect(failed.said.summary).toContain('Failed: none of the 2 run(s) of plan succeeded (step 2 failed');
    const measured = await evalAction({ 'eval-answers': CHAPTER_ANSWERS, 'eval-faults': divideFails, 'min-success-rate': '0' });
    expect(measured.result.failure).toBeUndefined();
    expect(measured.result.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'false' });
    expect(JSON.parse(measured.result.outputs.result)).toEqual([expect.objectContaining({ column: 'plan', successRate: 0 })]);
  });

  it('says where a fault file is wrong, and runs nothing', async () => {
    const { result } = await evalAction({ 'eval-answers': CHAPTER_ANSWERS, 'eval-faults': path.join(ROOT, 'test/eval/fixtures/bad-faults.yml') });
    expect(result.failure).toMatch(/fix the evaluation's files:\n.*bad-faults\.yml:1:3: give exactly one of `rate`/);
  });

  // Every react run was rejected and the column showed a 0% baseline, with the job passing (adversarial pass).
  it('evaluates a plan that needs no model without one; asked for the react baseline without one, runs nothing, saying so', async () => {
    const { result } = await evalAction({ 'eval-faults': path.join(ROOT, 'test/eval/fixtures/divide-slow.yml') });
    const [plan] = JSON.parse(result.outputs.result) as Array<{ column: string; successRate: number; faultsInjected: number }>;
    expect(plan).toMatchObject({ column: 'plan', successRate: 1, faultsInjected: 1 });
    const refused = await evalAction({ 'eval-faults': path.join(ROOT, 'test/eval/fixtures/divide-slow.yml'), 'eval-baselines': 'react' });
    expect(refused.result.outputs.status).toBe('failed');
    expect(refused.result.failure).toMatch(/^plan-runner: the react baseline asks a model for every step, and no model is configured: .*; or leave the react baseline out$/);
    expect(refused.said.log.join('\n')).not.toContain('run 1');
  });
});
