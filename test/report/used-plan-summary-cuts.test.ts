// The job summary's lines of a used plan (`type: plan`) when they are too many: its failed `for_each` items, listed
// under their step since this release, are cut and counted as items, not as steps of the plan (found by an adversarial pass).
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';

const step = (key: string, type: 'plan' | 'reasoning' = 'reasoning') => ({ key, id: key, type, description: `step ${key}`, inputs: [], dependsOn: [] });
const nested = (stepKey: string, event: RunEvent): RunEvent => ({ type: 'nested_event', at: 1, stepKey, event });

/** A plan step `key` whose used plan's one for_each step ran `items` items, every other one failing with a 300-character error. */
function usedPlan(key: string, items: number): RunEvent[] {
  const inner: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'sub', revision: 1, steps: [step('each')] } },
    { type: 'step_started', at: 0, stepKey: 'each' },
    { type: 'step_expanded', at: 0, stepKey: 'each', keys: Array.from({ length: items }, (_, index) => `each[${index}]`) },
  ];
  const failedItems = [];
  for (let index = 0; index < items; index++) {
    if (index % 2 === 1) {
      inner.push({ type: 'item_completed', at: 1, stepKey: 'each', index, result: 'fine', durationMs: 1, usage: NO_USAGE });
      continue;
    }
    const error = `item ${index} failed: ${'x'.repeat(300)}`;
    failedItems.push({ index, key: `each[${index}]`, error });
    inner.push({ type: 'item_failed', at: 1, stepKey: 'each', index, error, transient: false, durationMs: 1, usage: NO_USAGE });
  }
  inner.push({ type: 'step_completed', at: 1, stepKey: 'each', result: [], durationMs: 1, usage: NO_USAGE, failedItems });
  return [
    { type: 'step_started', at: 0, stepKey: key },
    ...inner.map((event) => nested(key, event)),
    { type: 'step_completed', at: 2, stepKey: key, result: 'done', durationMs: 2, usage: NO_USAGE },
  ];
}

function summaryOf(keys: readonly string[], items: number): string {
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'top', revision: 1, steps: keys.map((key) => step(key, 'plan')) } },
    ...keys.flatMap((key) => usedPlan(key, items)),
    { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
  ];
  return renderSummary(events.reduce(applyEvent, newRunRecord()), { redact: (text) => text });
}

describe('a used plan’s failed items too many for the job summary', () => {
  it('counts those cut as items of the plan it uses, not as steps (it has one)', () => {
    const summary = summaryOf(['used'], 10_000);
    expect(summary).toContain('- ✅ each. step each — 5,000/10,000 done, 5,000 failed');
    expect(summary).toContain('  - ❌ each\\[996\\] — item 996 failed');
    expect(summary).not.toContain('each\\[998\\]');
    // 1 step line and 499 failed items kept; the other 4,501 failed items cut (5,000 lines of 230 bytes are over the 1 MiB).
    expect(summary).toContain('_… 4,501 items of the plans this step uses that failed or did not finish were cut from this summary; every step and item is in the trace file._');
    expect(summary).not.toMatch(/steps of the plans this step uses/);
  });
});

// Ten failed items under each of 1,000 plan steps are 2.3 MB of lines, each step's under the 500 a cut keeps: they were
// no part a cut could shorten, and the last 194 steps were left out whole, their lines and counts with them, where
// each used plan's lines cut to its count fitted every step (found by an adversarial pass).
describe('many plan steps whose used plans’ failed items together are too many for the job summary', () => {
  it('cut the used plans’ lines to their counts, largest first, before any step is left out', () => {
    const keys = Array.from({ length: 1000 }, (_, index) => `u${index}`);
    const summary = summaryOf(keys, 10);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(summary).not.toContain('left out here');
    for (const key of ['u0', 'u500', 'u999']) expect(summary).toContain(`✅ **${key}. step ${key}** · 2 ms → done`);
    // The step completed (on_item_failure: continue): its items failed, it did not (found by a review).
    expect(summary).toContain('_… 1 step and 5 items of the plans this step uses, 5 of them failed or unfinished and 1 completed with work inside failed or left undone, were cut from this summary; every step and item is in the trace file._');
    expect(summary).toContain('  - ❌ each\\[8\\] — item 8 failed');
    // Said once for all that were cut, as results are.
    expect(summary).toMatch(/> \d+ results were cut from this summary \(largest first\)/);
  });
});
