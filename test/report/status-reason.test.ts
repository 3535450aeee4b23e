import { describe, expect, it } from 'vitest';
import { checkRunResult } from '../../src/action/check-run-output.ts';
import { jobFailure } from '../../src/action/job-failure.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { reasonBesideStatus } from '../../src/report/status-reason.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { noRedaction, plan, RunScript, step } from './summary-run-fixture.ts';

// Found by a user-path review: a cancel's reason is `cancelled (SIGINT)`, and every view put it beside the status word
// it repeats: `Run cancelled in 1.3 s (cancelled (SIGINT))`, `**Status:** cancelled: cancelled (SIGINT)`.
describe('a reason that repeats the status', () => {
  it('is shown without the status word', () => {
    expect(reasonBesideStatus('cancelled', 'cancelled (SIGINT)')).toBe('SIGINT');
    expect(reasonBesideStatus('cancelled', 'cancelled')).toBeUndefined();
    expect(reasonBesideStatus('cancelled', 'cancelled (a) (b)')).toBe('cancelled (a) (b)');
    expect(reasonBesideStatus('failed', 'cancelled (SIGINT)')).toBe('cancelled (SIGINT)');
    expect(reasonBesideStatus('failed', 'step b failed: exit 1')).toBe('step b failed: exit 1');
    expect(reasonBesideStatus(undefined, 'cancelled (SIGINT)')).toBe('cancelled (SIGINT)');
  });

  it('reads once in the log, the job summary and the PR comment', () => {
    const script = new RunScript(plan([step('a', 'Fetch'), step('b', 'Nap', ['a'])]));
    script.complete('a', 'hi');
    script.fail('b', 'cancelled (SIGINT)');
    const record = script.finish('cancelled', NO_USAGE, 'cancelled (SIGINT)').record();
    const log: string[] = [];
    const listener = consoleChecklist({ write: (text) => log.push(text), isTTY: false });
    for (const event of script.events) listener(event);
    listener({ type: 'goals_checked', at: 9, status: 'cancelled', goals: [] });
    expect(log.join('').trimEnd().split('\n').at(-1)).toMatch(/^Run cancelled in \S+ \S+ \(SIGINT\) — 1\/2 complete, 1 failed$/);
    const summary = renderSummary(record, { redact: noRedaction });
    expect(summary).toMatch(/^\*\*Status:\*\* cancelled \(SIGINT\) · /m);
    expect(summary).not.toContain('cancelled: cancelled');
    expect(renderComment(record, { marker: commentMarker('plan.yml'), redact: noRedaction })).toContain('**Finished: cancelled (SIGINT)**');
  });

  it('reads once in the check run and the job’s failure', async () => {
    const report = { status: 'cancelled', reason: 'cancelled (SIGTERM)', goals: [], markdown: '', planErrors: [] } as unknown as FinalReport;
    expect((await checkRunResult(report, 'cancelled', createRedactor())).summary).toMatch(/^⏹️ \*\*Status:\*\* cancelled \(SIGTERM\)$/m);
    expect(jobFailure(report, true, undefined)).toBe('The run was cancelled (SIGTERM). See the job summary for the full record.');
  });

  it('of another status, or another reason, is shown as it was', () => {
    const script = new RunScript(plan([step('a', 'Fetch')]));
    script.fail('a', 'boom');
    const record = script.finish('failed', NO_USAGE, 'step a failed: boom').record();
    expect(renderSummary(record, { redact: noRedaction })).toMatch(/^\*\*Status:\*\* failed: step a failed: boom · /m);
  });
});
