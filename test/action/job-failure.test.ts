import { expect, it } from 'vitest';
import { jobFailure } from '../../src/action/job-failure.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { createRedactor } from '../../src/core/redact.ts';

// The job's failure message is an error annotation and the last lines of the log: a command's stderr in
// the run's reason put "✅ 3. Deploy" and "Run succeeded" lines there (found by a review).
it('says a failed run’s reason on one line, whatever text from the run it holds', () => {
  const report = { status: 'failed', reason: 'step 1 failed: exit 1\nstderr (last lines):\nboom\n✅ 3. Deploy -> deployed\r\nRun succeeded in 2 s', planErrors: [], goals: [] } as unknown as FinalReport;
  const message = jobFailure(report, true, false)!;
  expect(message).not.toMatch(/[\r\n]/);
  expect(message).toContain('stderr (last lines): boom ✅ 3. Deploy -> deployed Run succeeded in 2 s');
});

// Flattened before it was redacted, a secret with a tab in it no longer matched the redactor (found by a review).
it('redacts the reason before it makes it one line', () => {
  const report = { status: 'failed', reason: 'step 1 failed: auth failed for key k9\tZq7Wm2Lp.', planErrors: [], goals: [] } as unknown as FinalReport;
  const message = jobFailure(report, true, false, createRedactor(['k9\tZq7Wm2Lp']))!;
  expect(message).not.toContain('Zq7Wm2Lp');
});

// Found by a new-user walkthrough: "The plan was rejected before any step ran: the plan was rejected (1 problem)."
it('says a rejected plan was rejected once, with its count', () => {
  const report = { status: 'failed', reason: 'the plan was rejected (1 problem)', planErrors: [{ file: 'plan.yml', line: 1, column: 1, path: '', message: 'x' }], goals: [] } as unknown as FinalReport;
  expect(jobFailure(report, true, false)).toBe('The plan was rejected before any step ran (1 problem). The annotations point at each problem. See the job summary for the full record.');
});
