import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { renderSummary, SUMMARY_MAX_BYTES } from '../../src/report/summary/render-summary.ts';

/** A run of `lists` for_each steps (`on_item_failure: continue`) whose 1,000 items each all failed, with long keys and errors. */
function failedLists(lists: number) {
  const steps: PlanStep[] = Array.from({ length: lists }, (_, s) => ({
    key: `r${s}`,
    id: `r${s}`,
    type: 'tool_call',
    tool: 'review',
    title: `Review region ${s}`,
    description: 'Review ${item}',
    inputs: [],
    dependsOn: [],
    forEach: { list: '${inputs.regions}', as: 'item', onItemFailure: 'continue' },
  }));
  const events: RunEvent[] = [{ type: 'plan_created', at: 0, plan: { name: 'regions', revision: 1, steps } }];
  for (const step of steps) {
    const keys = Array.from({ length: 1000 }, (_, i) => `${step.key}[${'k'.repeat(58)}${String(i).padStart(4, '0')}]`);
    events.push({ type: 'step_started', at: 1, stepKey: step.key }, { type: 'step_expanded', at: 1, stepKey: step.key, keys });
    keys.forEach((_, index) => {
      events.push({ type: 'item_started', at: 2, stepKey: step.key, index });
      events.push({ type: 'item_failed', at: 3, stepKey: step.key, index, error: `region ${index} did not answer: ${'timeout. '.repeat(30)}`, transient: false, durationMs: 1, usage: NO_USAGE });
    });
    events.push({ type: 'step_completed', at: 4, stepKey: step.key, result: keys.map(() => null), durationMs: 1, usage: NO_USAGE, failedItems: keys.map((key, index) => ({ index, key, error: 'did not answer' })) });
  }
  events.push({ type: 'run_finished', at: 9, status: 'succeeded', durationMs: 9, usage: NO_USAGE });
  return { steps, record: events.reduce(applyEvent, newRunRecord()) };
}

describe('a job summary of many for_each steps whose items failed', () => {
  // Found by an adversarial pass: each list cut to its first 500 failed items was still 150 KB, ten of them were over
  // the 1 MiB, and the last three steps were left out whole (`… 3 steps that failed or did not finish left out`),
  // where the item counts of every step fitted.
  it('keeps every step’s line, cutting the largest lists to their counts before leaving a step out', () => {
    const { steps, record } = failedLists(10);
    const summary = renderSummary(record, { redact: (text) => text, fullRecordAt: 'the trace file' });
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    steps.forEach((step, index) => expect(summary).toContain(`**${step.key}. Review region ${index}**`));
    expect(summary).not.toContain('left out here');
    expect(summary).toContain('_The 1,000 items — 0/1,000 done, 1,000 failed were cut from this summary; every item is in the trace file._');
    // Those that still fit keep their failed items' lines.
    expect(summary).toContain('_The other 500 of the 1,000 items, 500 of them failed or unfinished, were cut from this summary; every item is in the trace file._');
    expect(summary).toContain(`- ❌ r9\\[${'k'.repeat(58)}0000\\] — region 0 did not answer`);
  });
});
