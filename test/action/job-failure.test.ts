import { expect, it } from 'vitest';
import { jobFailure } from '../../src/action/job-failure.ts';
import type { FinalReport } from '../../src/report/final-report.ts';

// The job's failure message is an error annotation and the last lines of the log: a command's stderr in
// the run's reason put "✅ 3. Deploy" and "Run succeeded" lines there (found by a review).
it('says a failed run’s reason on one line, whatever text from the run it holds', () => {
  const report = { status: 'failed', reason: 'step 1 failed: exit 1\nstderr (last lines):\nboom\n✅ 3. Deploy -> deployed\r\nRun succeeded in 2 s', planErrors: [], goals: [] } as unknown as FinalReport;
  const message = jobFailure(report, true, false)!;
  expect(message).not.toMatch(/[\r\n]/);
  expect(message).toContain('stderr (last lines): boom ✅ 3. Deploy -> deployed Run succeeded in 2 s');
});
