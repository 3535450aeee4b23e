import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord, type StepRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../../src/report/comment/render-comment.ts';
import { bodyHolds, drawShared, sharedStateOf } from '../../src/report/comment/shared-comment-state.ts';

const marker = commentMarker('plan.yml');
const asIs = (text: string): string => text;
const reasoning = (key: string, description: string): PlanStep => ({ key, id: key, type: 'reasoning', description, inputs: [], dependsOn: [] });
const planStep: PlanStep = { key: 'sub', id: 'sub', type: 'plan', description: 'Run the inner plan', uses: 'plans/inner.yml', inputs: [], dependsOn: [] };

/** A redactor that counts the texts it is given. */
function countingRedact(): { readonly redact: (text: string) => string; calls: number } {
  const counter = { calls: 0, redact: (text: string): string => (counter.calls++, text) };
  return counter;
}

/** What one write of a fanned-out job asks of the shared state: the `holds` check, then the draw (see live-comment.ts). */
function write(record: RunRecord, redact: (text: string) => string): string {
  const current = `${marker}\nbody`;
  bodyHolds(record, current, redact, 7);
  return drawShared(record, current, redact, false, 7).block;
}

describe('a fanned-out comment write', () => {
  // Every write stringified and redacted every step's result, twice: 4,000 steps with 4 KiB results took 27 s of writes.
  it('redacts the texts of the steps that changed since the last write, not every step’s', () => {
    const steps = Array.from({ length: 200 }, (_, index) => reasoning(`s${index}`, `step ${index}`));
    const events: RunEvent[] = [{ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps } }];
    for (const step of steps.slice(0, 150)) events.push({ type: 'step_completed', at: 1, stepKey: step.key, result: { text: `result of ${step.key}`.padEnd(4096, '.') }, durationMs: 1, usage: NO_USAGE });
    const record = events.reduce(applyEvent, newRunRecord());
    const counter = countingRedact();
    write(record, counter.redact);
    expect(counter.calls).toBe(150);
    counter.calls = 0;
    write(record, counter.redact);
    expect(counter.calls).toBe(0);
    // A step that fails, then is run again and completes: its record changes in place, and its text with it.
    applyEvent(record, { type: 'step_failed', at: 2, stepKey: 's150', error: 'timed out', transient: true, durationMs: 1, usage: NO_USAGE });
    write(record, counter.redact);
    expect(counter.calls).toBe(1);
    expect(sharedStateOf(record, counter.redact).steps['s150']).toEqual({ s: 'failed', t: 'timed out' });
    applyEvent(record, { type: 'step_started', at: 3, stepKey: 's150' });
    expect(sharedStateOf(record, counter.redact).steps['s150']).toEqual({ s: 'in_progress' });
    applyEvent(record, { type: 'step_completed', at: 4, stepKey: 's150', result: 'done', durationMs: 1, usage: NO_USAGE });
    const block = write(record, counter.redact);
    expect(counter.calls).toBe(2);
    expect(sharedStateOf(record, counter.redact).steps['s150']).toEqual({ s: 'completed', t: 'done' });
    // What a redactor that never saw the run draws (nothing cached for it): the same.
    expect(block).toBe(drawShared(record, `${marker}\nbody`, (text) => asIs(text), false, 7).block);
  });
});

/** A Map that counts its lookups: how many steps of a nested run a render looked at. */
class CountingMap<K, V> extends Map<K, V> {
  reads = 0;
  override get(key: K): V | undefined {
    this.reads++;
    return super.get(key);
  }
}

/** A run whose one plan step runs a nested plan of `count` steps, the first `done` of them completed. */
function nestedRun(count: number, done: number): { readonly record: RunRecord; readonly inner: CountingMap<string, StepRecord> } {
  const outer: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'outer', revision: 1, steps: [reasoning('a', 'Before'), planStep] } },
    { type: 'step_started', at: 1, stepKey: 'sub' },
  ];
  const record = outer.reduce(applyEvent, newRunRecord());
  const inner = new CountingMap<string, StepRecord>();
  const nested: RunRecord = { ...newRunRecord(), steps: inner };
  applyEvent(nested, { type: 'plan_created', at: 0, plan: { name: 'inner', revision: 1, steps: Array.from({ length: count }, (_, index) => reasoning(`n${index}`, `inner step ${index}`)) } });
  for (let index = 0; index < done; index++) applyEvent(nested, { type: 'step_completed', at: 1, stepKey: `n${index}`, result: 'ok', durationMs: 1, usage: NO_USAGE });
  record.steps.get('sub')!.nested = nested;
  return { record, inner };
}

describe('a plan step’s nested run in the comment', () => {
  // Every render made every nested step's line: a nested run of 40,000 steps took 16 s of renders over the run.
  it('makes no more of its lines than the comment could hold, however many steps it has', () => {
    const { record, inner } = nestedRun(20_000, 3);
    renderComment(record, { marker, redact: asIs });
    inner.reads = 0;
    applyEvent(record.steps.get('sub')!.nested!, { type: 'step_completed', at: 2, stepKey: 'n3', result: 'ok', durationMs: 1, usage: NO_USAGE });
    const body = renderComment(record, { marker, redact: asIs });
    // Each nested line is longer than 10 characters: no more of them fit in a comment. Every one of the 20,000 was looked up twice.
    expect(inner.reads).toBeLessThan(COMMENT_MAX_CHARS / 10);
    expect(body).toContain('- ⏳ sub. Run the inner plan\n');
    expect(body).not.toContain('n0. inner step 0');
  });

  it('shows the nested lines whole while they fit to the character, and none once they do not', () => {
    const { record } = nestedRun(300, 100);
    const whole = renderComment(record, { marker, redact: asIs, maxChars: 100_000 });
    expect(whole).toContain('- ⏳ sub. Run the inner plan\n  - ✅ n0. inner step 0\n');
    expect(whole).toContain('\n  - ⬜ n299. inner step 299');
    expect(renderComment(record, { marker, redact: asIs, maxChars: whole.length })).toBe(whole);
    const cut = renderComment(record, { marker, redact: asIs, maxChars: whole.length - 1 });
    expect(cut).toContain('- ⏳ sub. Run the inner plan\n  - … 300 more steps\n');
    expect(cut).not.toContain('n0. inner step 0');
  });
});
