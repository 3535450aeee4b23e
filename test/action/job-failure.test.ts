import { describe, expect, it } from 'vitest';
import { checkConclusion, jobFailure } from '../../src/action/job-failure.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { finalReport } from '../../src/report/final-report.ts';
import { INTERNAL_ERROR_STATUS, INTERNAL_ERROR_TITLE, planFileErrors, renderRejectedReport } from '../../src/report/rejected-report.ts';
import { writeAnnotations } from '../../src/report/annotations.ts';

// The job's failure message is an error annotation and the last lines of the log: a command's stderr in
// the run's reason put "✅ 3. Deploy" and "Run succeeded" lines there (found by a review).
it('says a failed run’s reason on one line, whatever text from the run it holds', () => {
  const report = { status: 'failed', reason: 'step 1 failed: exit 1\nstderr (last lines):\nboom\n✅ 3. Deploy -> deployed\r\nRun succeeded in 2 s', planErrors: [], goals: [] } as unknown as FinalReport;
  const message = jobFailure(report, true, undefined)!;
  expect(message).not.toMatch(/[\r\n]/);
  expect(message).toContain('stderr (last lines): boom ✅ 3. Deploy -> deployed Run succeeded in 2 s');
});

// Flattened before it was redacted, a secret with a tab in it no longer matched the redactor (found by a review).
it('redacts the reason before it makes it one line', () => {
  const report = { status: 'failed', reason: 'step 1 failed: auth failed for key k9\tZq7Wm2Lp.', planErrors: [], goals: [] } as unknown as FinalReport;
  const message = jobFailure(report, true, undefined, createRedactor(['k9\tZq7Wm2Lp']))!;
  expect(message).not.toContain('Zq7Wm2Lp');
});

// Found running the CLI and pressing Ctrl-C: a cancel's reason repeats the status, and the message read
// "The run was cancelled: cancelled (SIGTERM)."
it('names the signal of a cancelled run once', () => {
  const report = (reason?: string) => ({ status: 'cancelled', ...(reason !== undefined && { reason }), planErrors: [], goals: [] }) as unknown as FinalReport;
  expect(jobFailure(report('cancelled (SIGTERM)'), true, undefined)).toBe('The run was cancelled (SIGTERM). See the job summary for the full record.');
  expect(jobFailure(report('cancelled'), true, undefined)).toBe('The run was cancelled. See the job summary for the full record.');
  expect(jobFailure(report('cancelled while the model was writing the plan'), true, undefined)).toBe('The run was cancelled: cancelled while the model was writing the plan. See the job summary for the full record.');
});

// Found by a new-user walkthrough: "The plan was rejected before any step ran: the plan was rejected (1 problem)."
// And by a review: an "and N more" line stands for N problems, as the summary counts them.
it('says a rejected plan was rejected once, with its count', () => {
  const error = { file: 'plan.yml', line: 1, column: 1, path: '', message: 'x' };
  const report = (planErrors: object[]) => ({ status: 'failed', reason: 'the plan was rejected', planErrors, goals: [] }) as unknown as FinalReport;
  expect(jobFailure(report([error]), true, undefined)).toBe('The plan was rejected before any step ran (1 problem). The annotations point at each problem. See the job summary for the full record.');
  expect(jobFailure(report([error, { ...error, message: 'and 4999 more', standsFor: 4_999 }]), true, undefined)).toMatch(/^The plan was rejected before any step ran \(5,000 problems\)\./);
});

// Found by an adversarial pass: with fail-on-unmet-goals: false, a required goal whose judge call failed left
// the job passing and the check run `neutral`, which a required check takes as a pass.
describe('fail-on-unmet-goals: false', () => {
  const report = (outcome: 'unmet' | 'error', severity: 'required' | 'warning' = 'required') =>
    ({ status: 'goals-unmet', planErrors: [], goals: [{ name: 'review approves', severity, outcome, evidence: 'x' }], record: {} }) as unknown as FinalReport;

  it('lets an unmet goal report without failing', () => {
    expect(jobFailure(report('unmet'), false, 'own')).toBeUndefined();
    expect(checkConclusion(report('unmet'), false)).toBe('neutral');
  });

  it('does not let a required goal that could not be evaluated pass', () => {
    expect(jobFailure(report('error'), false, 'own')).toBe('A required goal could not be evaluated, and a gate that could not evaluate does not pass (fail-on-unmet-goals: false lets only unmet goals report without failing). See the job summary for the full record.');
    expect(checkConclusion(report('error'), false)).toBe('failure');
    expect(checkConclusion(report('error'), true)).toBe('failure');
  });

  // Found by an adversarial pass: with fail-on-unmet-goals: true the job's failure told a user whose judge call
  // failed to set fail-on-unmet-goals: false "to report without failing"; doing so failed the job all the same.
  it('is not offered as the way to pass a required goal that could not be evaluated', () => {
    const message = jobFailure(report('error'), true, 'own')!;
    expect(message).not.toContain('fail-on-unmet-goals: false to report without failing');
    expect(message).toContain('could not be evaluated, and a gate that could not evaluate does not pass, whatever fail-on-unmet-goals says');
    expect(jobFailure(report('unmet'), true, 'own')).toContain('(Set fail-on-unmet-goals: false to report without failing.)');
  });
});

// Found by a review: a used plan's required goal decides its step, and so the run, whatever fail-on-unmet-goals
// says; a paused or rejected run passed over it with that input false, where approved it failed.
it('a used plan’s required goal gates a paused or rejected run whatever fail-on-unmet-goals says', () => {
  for (const status of ['awaiting-approval', 'rejected'] as const) {
    const report = { status, planErrors: [], goals: [] } as unknown as FinalReport;
    expect(jobFailure(report, false, 'own')).toBeUndefined();
    expect(jobFailure(report, false, 'used')).toMatch(/goals (were not|were never) checked/);
    expect(jobFailure(report, true, 'own')).toMatch(/goals (were not|were never) checked/);
    expect(jobFailure(report, true, undefined)).toBeUndefined();
  }
});

// Found by a review: plan-runner's own error, caught where the job ends (it may come after steps ran), was
// reported as "the plan was rejected before any step ran" with a "Plan file error" annotation on the plan file.
describe("plan-runner's own failure", () => {
  const outcome = { kind: 'rejected', errors: [{ path: '', message: 'the engine broke', internal: true }] } as const;
  const report = finalReport(outcome, { planFile: '/w/plan.yml', planPath: 'plan.yml', tracePath: '/w/trace.jsonl', redact: createRedactor() });

  it('is said to be one, in the job failure, the summary and the reason, never a rejected plan', () => {
    expect(report.reason).toBe(INTERNAL_ERROR_TITLE);
    expect(report.markdown).toContain(`**Status:** failed — ${INTERNAL_ERROR_STATUS}`);
    expect(report.markdown).toContain('the engine broke');
    expect(jobFailure(report, true, undefined)).toBe(`${INTERNAL_ERROR_STATUS} It said: the engine broke See the job summary for the full record.`);
    for (const text of [report.markdown, jobFailure(report, true, undefined)!]) expect(text).not.toMatch(/rejected/);
    expect(checkConclusion(report, true)).toBe('failure');
  });

  it('is annotated as such, on no file', () => {
    const calls: unknown[] = [];
    writeAnnotations({ planErrors: planFileErrors(report.planErrors, 'plan.yml'), planFile: 'plan.yml', redact: (text) => text }, (level, message, properties) => calls.push({ level, message, properties }));
    expect(calls).toEqual([{ level: 'error', message: 'the engine broke', properties: { title: 'plan-runner internal error' } }]);
  });
});

// Found by an adversarial pass over bad inputs: a refused replay file, inputs or approval read "the plan was rejected",
// sending the reader to a plan with nothing wrong in it.
describe('a run refused for what it was given besides its plan', () => {
  it('says the run was refused, and the plan rejected only where a problem is the plan’s', () => {
    const setup = [{ path: '', message: 'Replay file r.jsonl: cannot be read.', setup: true as const }];
    const planToo = [...setup, { file: 'plan.yml', line: 3, column: 5, path: 'goal', message: 'missing `goal`' }];
    expect(renderRejectedReport(setup, 'plan.yml', createRedactor())).toContain('**Status:** failed — the run was refused before any step ran (1 problem). Fix it and run again.');
    expect(renderRejectedReport(planToo, 'plan.yml', createRedactor())).toContain('the plan was rejected before any step ran (2 problems)');
  });
});
