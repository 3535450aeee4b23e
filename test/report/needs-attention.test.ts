import { describe, expect, it } from 'vitest';
import { needsAttention } from '../../src/report/checklist.ts';
import { newRunRecord, type StepRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';

const stepRecord = (fields: Partial<StepRecord>): StepRecord => ({ key: 's', state: 'completed', usage: NO_USAGE, ...fields }) as StepRecord;

// Found by an adversarial pass: 700 steps cut the comment, and the ✅ plan step `p` went with the ❌ of the
// plan it uses, while a for_each step with a failed item was kept first.
describe('needsAttention', () => {
  it('holds for a completed step over a failed step of the plan it uses, or over its agent’s TODOs not done', () => {
    const nested = newRunRecord();
    nested.steps.set('x', stepRecord({ key: 'x', state: 'failed' }));
    expect(needsAttention(stepRecord({ nested }))).toBe(true);
    const done = newRunRecord();
    done.steps.set('x', stepRecord({ key: 'x' }));
    expect(needsAttention(stepRecord({ nested: done }))).toBe(false);
    expect(needsAttention(stepRecord({ todos: [{ id: '1', content: 'Run the tests', status: 'pending' }] }))).toBe(true);
    expect(needsAttention(stepRecord({ todos: [{ id: '1', content: 'Run the tests', status: 'completed' }] }))).toBe(false);
    // A for_each step's agents keep their lists on its items, as all_steps_completed counts them.
    expect(needsAttention(stepRecord({ items: [{ key: 's[0]', state: 'completed', todos: [{ id: '1', content: 'Run the tests', status: 'in_progress' }] }] }))).toBe(true);
  });
});
