// A resumed run that found a GitHub write the run it resumed had made (a check, not a call) showed a plain ✅ in the
// checklist, the PR comment and the job summary: only the trace said the issue was not opened by this run.
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { checklistLines } from '../../src/report/checklist.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';

const MADE_IN = 'the saved state of attempt 1';
const publish: PlanStep = { key: 'publish', id: 'publish', type: 'tool_call', description: 'Open the report issue', tool: 'create_issue', args: { title: 'Weekly report' }, inputs: [], dependsOn: [] };
const notify: PlanStep = { key: 'notify', id: 'notify', type: 'tool_call', description: 'Comment on the PR', tool: 'add_comment', args: { issue_number: 7, body: 'Done' }, inputs: [], dependsOn: [] };
const issue = { number: 1, url: 'https://github.com/octo-org/hello-world/issues/1', title: 'Weekly report' };

/** The events of a check of `callKey` by step `stepKey`, and what it returned. */
function check(stepKey: string, tool: string, callKey: string, outcome: 'succeeded' | 'failed', madeIn?: string): RunEvent[] {
  return [
    { type: 'tool_called', at: 1, stepKey, tool, args: {}, sideEffects: true, callKey, kind: 'check', calledAt: '2025-01-01T00:00:00Z', ...(madeIn !== undefined && { madeIn }) },
    { type: 'tool_returned', at: 2, stepKey, tool, callKey, outcome, ...(outcome === 'failed' && { error: 'no effect of the call made at 2025-01-01T00:00:00Z was found' }) },
  ];
}

/** A resumed run: `publish` finds the issue the run resumed opened (checked twice, as a retried step does); `notify` finds no comment and writes it. */
function resumedRun(): RunRecord {
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'Weekly report', revision: 1, steps: [publish, notify] } },
    { type: 'step_started', at: 1, stepKey: 'publish' },
    ...check('publish', 'create_issue', 'k1', 'succeeded', MADE_IN),
    ...check('publish', 'create_issue', 'k1', 'succeeded', MADE_IN),
    { type: 'step_completed', at: 3, stepKey: 'publish', result: issue, durationMs: 2, usage: NO_USAGE },
    { type: 'step_started', at: 4, stepKey: 'notify' },
    ...check('notify', 'add_comment', 'k2', 'failed', MADE_IN),
    { type: 'tool_called', at: 5, stepKey: 'notify', tool: 'add_comment', args: {}, sideEffects: true, callKey: 'k2' },
    { type: 'tool_returned', at: 6, stepKey: 'notify', tool: 'add_comment', callKey: 'k2', outcome: 'succeeded' },
    { type: 'step_completed', at: 7, stepKey: 'notify', result: { id: 9 }, durationMs: 3, usage: NO_USAGE },
    { type: 'run_finished', at: 8, status: 'succeeded', durationMs: 8, usage: NO_USAGE },
  ];
  return events.reduce(applyEvent, newRunRecord());
}

const NOTE = ' — create_issue not made now: the call in the saved state of attempt 1 was found done';

describe('a step whose write the run resumed made, found done instead of made again', () => {
  it('says so on its checklist line; a step whose check found nothing, and that made its call, does not', () => {
    const [publishLine, notifyLine] = checklistLines(resumedRun());
    expect(publishLine).toMatch(/^✅ publish\. Open the report issue → \{"number":1,.*/);
    expect(publishLine!.endsWith(NOTE)).toBe(true);
    expect(notifyLine).toBe('✅ notify. Comment on the PR → {"id":9}');
  });

  it('says so in the PR comment, whole or with its results left out, and in the job summary', () => {
    const record = resumedRun();
    const comment = renderComment(record, { marker: '<!-- m -->', redact: (text) => text });
    expect(comment).toContain(`- ✅ publish. Open the report issue → `);
    expect(comment).toContain(NOTE);
    expect(comment).not.toMatch(/notify[^\n]*not made now/);
    // Too little room for results: the short form stays.
    const cut = renderComment(record, { marker: '<!-- m -->', redact: (text) => text, maxChars: 330 });
    expect(cut).toContain('- ✅ publish. Open the report issue — not made now: found done');
    const summary = renderSummary(record, { redact: (text) => text });
    expect(summary).toContain(`✅ **publish. Open the report issue** · 2 ms${NOTE}`);
    expect(summary).not.toMatch(/notify[^\n]*not made now/);
  });

  it('counts several calls once each, naming their tools, and redacts what names the run', () => {
    const events: RunEvent[] = [
      { type: 'plan_created', at: 0, plan: { name: 'Weekly report', revision: 1, steps: [publish] } },
      { type: 'step_started', at: 1, stepKey: 'publish' },
      ...check('publish', 'create_issue', 'a', 'succeeded', 'run-secret.jsonl'),
      ...check('publish', 'add_labels', 'b', 'succeeded', 'run-secret.jsonl'),
      ...check('publish', 'create_issue', 'c', 'succeeded', 'run-secret.jsonl'),
      // A call of this run's that got no answer, found done: made now, by this run.
      ...check('publish', 'create_issue', 'd', 'succeeded'),
      { type: 'step_completed', at: 3, stepKey: 'publish', result: 'ok', durationMs: 2, usage: NO_USAGE },
    ];
    const record = events.reduce(applyEvent, newRunRecord());
    const comment = renderComment(record, { marker: '<!-- m -->', redact: (text) => text.replaceAll('secret', '***') });
    expect(comment).toContain('- ✅ publish. Open the report issue → ok — 3 calls not made now (create_issue, add_labels): the calls in run-\\*\\*\\*.jsonl were found done');
  });
});
