// Plan steps (`type: plan`) taken whole from the run resumed, each with what its plan left undone there: the note on
// each line could not be cut, so at 10,000 such steps most were left out of the job summary (found by a caps pass).
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';

const step = (key: string) => ({ key, id: key, type: 'plan' as const, description: `step ${key}`, inputs: [], dependsOn: [] });

/**
 * The summary of a resumed run that took `count` plan steps whole, each with four steps of its plan left undone; with
 * `failEvery`, every such step fails here instead (its line says why in 100 characters).
 */
function summaryOf(count: number, failEvery = 0): string {
  const keys = Array.from({ length: count }, (_, index) => `u${index}`);
  const carried = Object.fromEntries(keys.flatMap((key) => [1, 2, 3, 4].map((n): [string, string] => [`${key}/s${n}`, `failed in the plan step ${key} uses: ${'e'.repeat(150)}`])));
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'top', revision: 1, steps: keys.map(step) }, carried },
    ...keys.map((key, index): RunEvent =>
      failEvery > 0 && index % failEvery === 0
        ? { type: 'step_failed', at: index + 1, stepKey: key, error: `E${index} ${'f'.repeat(100)}`, transient: false, durationMs: 0, usage: NO_USAGE }
        : { type: 'step_completed', at: index + 1, stepKey: key, result: 'done', durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } },
    ),
    { type: 'run_finished', at: count + 1, status: 'failed', durationMs: 1, usage: NO_USAGE },
  ];
  return renderSummary(events.reduce(applyEvent, newRunRecord()), { redact: (text) => text });
}

describe('plan steps taken whole with work left undone, too many for the job summary', () => {
  it('cut each step’s note to its short form before any step’s line is left out', () => {
    const summary = summaryOf(10_000);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(summary).not.toContain('left out here');
    for (const key of ['u0', 'u5000', 'u9999']) expect(summary).toContain(`✅ **${key}. step ${key}** · reused → done`);
    // Cut to its count where the room ran out, whole where it did not: every step still says work was left undone.
    expect(summary).toContain('✅ **u9999. step u9999** · reused → done — 4 left undone in the run resumed\n');
    expect(summary).toContain('✅ **u0. step u0** · reused → done — left undone in the run resumed: u0/s1 (failed in the plan step u0 uses: eee');
    expect(summary.match(/ — (4 left undone in the run resumed$|left undone in the run resumed: )/gm)).toHaveLength(10_000);
  });
});

// The steps left out were counted as "failed or did not finish" when their lines needed attention, though they had
// completed: past work a used plan left undone, or past a failed item (found by a caps pass).
describe('steps left out of the job summary that completed past work failed or left undone', () => {
  it('are not called failed or unfinished in the line that counts them', () => {
    const summary = summaryOf(20_000);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(summary).toMatch(/\n_… [\d,]+ steps that completed, with work inside failed or left undone, left out here to stay under GitHub's 1 MiB limit; every step is in the trace file\._\n/);
    expect(summary).not.toContain('failed or did not finish');
    expect(summary).not.toContain('failed or unfinished');
  });

  it('count those that failed apart from those that completed', () => {
    const summary = summaryOf(20_000, 2);
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
    const [, count, failed, completed] = /\n_… ([\d,]+) steps, ([\d,]+) of them failed or unfinished and ([\d,]+) completed with work inside failed or left undone, left out here/.exec(summary) ?? [];
    const number = (text?: string): number => Number(text?.replaceAll(',', ''));
    expect(number(completed)).toBeGreaterThan(0);
    expect(number(failed) + number(completed)).toBe(number(count));
    expect(Math.abs(number(failed) - number(completed))).toBeLessThanOrEqual(1);
  });
});
