import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { checklistHeader } from '../../src/report/checklist.ts';
import { type RunEvent } from '../../src/core/run-event.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { applyEvent, finalStepStates, newRunRecord } from '../../src/core/run-record.ts';

const step = (key: string, dependsOn: string[] = []): PlanStep => ({ key, id: key, type: 'reasoning', description: `step ${key}`, inputs: [], dependsOn });

function fold(events: RunEvent[]) {
  const record = newRunRecord();
  for (const event of events) applyEvent(record, event);
  return record;
}

describe('checklistHeader', () => {
  it('counts the steps of the current plan and shows steps a replan replaced apart', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
      { type: 'step_failed', at: 2, stepKey: 'b', error: '404', transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'plan_revised', at: 3, plan: { name: 'p', revision: 2, steps: [step('a'), step('c', ['a'])] }, replaced: ['b'], added: ['c'], reason: 'b failed' },
      { type: 'step_completed', at: 4, stepKey: 'c', result: 2, durationMs: 1, usage: NO_USAGE },
    ]);
    // Found by an adversarial pass: `1 replaced` alone hid that it had failed.
    expect(checklistHeader(record)).toBe('2/2 complete, 0 failed, 1 replaced (1 had failed)');
    // all_steps_completed judges the final plan: the replaced step is not one it still has to complete.
    expect(finalStepStates(record)).toEqual(new Map([['a', 'completed'], ['c', 'completed']]));
  });

  // The header knows which steps are the current plan's by its snapshot and the record's count of steps, not by looking
  // each up on every draw: drawn before each change, it still counts a step a revision replaced, or one no plan has.
  it('counts a step replaced, or one the plan does not have, once the record has it, however often it was drawn before', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
    ]);
    expect(checklistHeader(record)).toBe('1/2 complete, 0 failed');
    applyEvent(record, { type: 'step_failed', at: 2, stepKey: 'b', error: '404', transient: false, durationMs: 1, usage: NO_USAGE });
    expect(checklistHeader(record)).toBe('1/2 complete, 1 failed');
    applyEvent(record, { type: 'plan_revised', at: 3, plan: { name: 'p', revision: 2, steps: [step('a'), step('c', ['a'])] }, replaced: ['b'], added: ['c'], reason: 'b failed' });
    expect(checklistHeader(record)).toBe('1/2 complete, 0 failed, 1 replaced (1 had failed)');
    applyEvent(record, { type: 'step_started', at: 4, stepKey: 'stray' });
    expect(checklistHeader(record)).toBe('1/2 complete, 0 failed, 2 replaced (1 had failed)');
  });

  // Each half of what the header remembers, changed alone after a draw that found every step current: a revision that
  // only drops a step (a new snapshot, the same count of steps), and a step no plan has (the same snapshot, one more).
  it('counts a step a revision dropped, and one no plan has, after a draw that found every step of the plan', () => {
    const dropped = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
    ]);
    expect(checklistHeader(dropped)).toBe('1/2 complete, 0 failed');
    applyEvent(dropped, { type: 'plan_revised', at: 2, plan: { name: 'p', revision: 2, steps: [step('a')] }, replaced: ['b'], added: [], reason: 'b is not needed' });
    expect(checklistHeader(dropped)).toBe('1/1 complete, 0 failed, 1 replaced');

    const stray = fold([{ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a')] } }]);
    expect(checklistHeader(stray)).toBe('0/1 complete, 0 failed');
    applyEvent(stray, { type: 'step_failed', at: 1, stepKey: 'stray', error: '404', transient: false, durationMs: 1, usage: NO_USAGE });
    expect(checklistHeader(stray)).toBe('0/1 complete, 0 failed, 1 replaced (1 had failed)');
  });

  it('counts the steps the run it resumes left undone, not work its own plan or a used plan holds', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 2, steps: [step('a'), step('c', ['a'])] }, carried: { b: 'failed, then replaced by a replan, in attempt 1', 'c/x': 'failed', a: 'completed, 1 of 3 items failed' } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
      { type: 'step_completed', at: 2, stepKey: 'c', result: 2, durationMs: 1, usage: NO_USAGE },
    ]);
    expect(checklistHeader(record)).toBe('2/2 complete, 0 failed, 1 left undone in the run resumed');
  });

  it('counts failures and skips of the plan as it stands', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a']), step('c')] } },
      { type: 'step_failed', at: 1, stepKey: 'a', error: 'boom', transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'step_skipped', at: 2, stepKey: 'b', reason: 'upstream step a failed' },
      { type: 'step_completed', at: 3, stepKey: 'c', result: 'ok', durationMs: 1, usage: NO_USAGE },
    ]);
    expect(checklistHeader(record)).toBe('1/3 complete, 1 failed, 1 skipped');
  });

  // Found by a reports pass: an agent that answered "Done." with one of its two TODOs pending showed the ⬜ under its ✅
  // line and `1/1 complete, 0 failed` above it, while all_steps_completed counted the step unfinished.
  it('counts the TODOs a completed agent step and its completed items left not done, not those of a failed item', () => {
    const todo = (id: string, status: 'pending' | 'in_progress' | 'completed' | 'cancelled') => ({ id, content: `todo ${id}`, status });
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [{ ...step('a'), type: 'agent' }, { ...step('b'), type: 'agent' }] } },
      { type: 'step_started', at: 1, stepKey: 'a' },
      { type: 'todos_created', at: 1, stepKey: 'a', todos: [todo('1', 'completed'), todo('2', 'pending')] },
      { type: 'step_completed', at: 2, stepKey: 'a', result: 'Done.', durationMs: 1, usage: NO_USAGE },
      { type: 'step_started', at: 3, stepKey: 'b' },
      { type: 'step_expanded', at: 3, stepKey: 'b', keys: ['b[0]', 'b[1]'] },
      { type: 'item_started', at: 3, stepKey: 'b', index: 0 },
      { type: 'todos_created', at: 3, stepKey: 'b', index: 0, todos: [todo('1', 'cancelled'), todo('2', 'in_progress')] },
      { type: 'item_completed', at: 4, stepKey: 'b', index: 0, result: 'Done.', durationMs: 1, usage: NO_USAGE },
      { type: 'item_started', at: 4, stepKey: 'b', index: 1 },
      { type: 'todos_created', at: 4, stepKey: 'b', index: 1, todos: [todo('1', 'pending')] },
      { type: 'item_failed', at: 5, stepKey: 'b', index: 1, error: 'boom', transient: false, durationMs: 1, usage: NO_USAGE },
      { type: 'step_completed', at: 6, stepKey: 'b', result: ['Done.', null], durationMs: 3, usage: NO_USAGE, failedItems: [{ index: 1, key: 'b[1]', error: 'boom' }] },
    ]);
    expect(checklistHeader(record)).toBe('2/2 complete, 0 failed, 1 item failed, 3 TODOs not done');
  });
});

// Found by an adversarial pass: a step of a used plan that failed under on_failure: continue left its plan step
// completed, and every header said "0 failed"; a comment too long to show the plan step's steps kept `✅ p. plan`
// alone, without the ❌ under it.
describe('a step of a used plan that failed under a completed plan step', () => {
  const inner = [step('x'), ...Array.from({ length: 300 }, (_, index) => step(`y${index}`))];
  const nested = (event: RunEvent): RunEvent => ({ type: 'nested_event', at: 1, stepKey: 'p', event });
  const record = fold([
    { type: 'plan_created', at: 0, plan: { name: 'outer', revision: 1, steps: [{ ...step('p'), type: 'plan' }] } },
    { type: 'step_started', at: 0, stepKey: 'p' },
    nested({ type: 'plan_created', at: 0, plan: { name: 'inner', revision: 1, steps: inner } }),
    nested({ type: 'step_failed', at: 1, stepKey: 'x', error: 'division by zero', transient: false, durationMs: 1, usage: NO_USAGE }),
    ...inner.slice(1).map((each) => nested({ type: 'step_completed', at: 1, stepKey: each.key, result: `result of ${each.key} `.repeat(4), durationMs: 1, usage: NO_USAGE })),
    { type: 'step_completed', at: 2, stepKey: 'p', result: 'done', durationMs: 2, usage: NO_USAGE },
    { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
  ]);

  it('is counted in the header', () => {
    expect(checklistHeader(record)).toBe('1/1 complete, 0 failed, 1 step of used plans failed');
  });

  it('keeps its ❌ line under the plan step in a comment too short for the plan step’s steps', async () => {
    const { renderComment } = await import('../../src/report/comment/render-comment.ts');
    const comment = renderComment(record, { marker: '<!-- m -->', redact: (text) => text, maxChars: 3_000 });
    expect(comment.length).toBeLessThanOrEqual(3_000);
    expect(comment).toMatch(/^- ✅ p\. step p\n {2}- ❌ x\. step x/m);
    expect(comment).not.toContain('y0.');
  });

  it('counts the steps that await approval, which a paused run leaves beside the pending ones', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a']), step('c', ['b'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
      { type: 'step_waiting', at: 2, stepKey: 'b', reason: 'awaiting approval: writes an issue' },
    ]);
    // Found by a review: `1/3 complete, 0 failed` did not say that one step waited for a person.
    expect(checklistHeader(record)).toBe('1/3 complete, 0 failed, 1 awaiting approval');
  });
});

// Found by an adversarial pass: a step whose result is partial said so on its line, but every header read
// `2/2 complete, 0 failed`, as if each result held all its work.
describe('completed steps whose results are partial', () => {
  const nested = (event: RunEvent): RunEvent => ({ type: 'nested_event', at: 1, stepKey: 'p', event });

  it('are counted in the header', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a']), step('c', ['b'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
      { type: 'step_completed', at: 2, stepKey: 'b', result: 2, durationMs: 1, usage: NO_USAGE, partial: 'its for_each list comes from the result of step a, which its tool cut' },
      { type: 'step_completed', at: 3, stepKey: 'c', result: 3, durationMs: 1, usage: NO_USAGE, partial: 'its tool was given the result of step b, which lacks work', made: true },
    ]);
    expect(checklistHeader(record)).toBe('3/3 complete, 0 failed, 2 results partial');
  });

  it('count a plan step and the result step of its plan that made it partial once, and another partial step of that plan apart', () => {
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'outer', revision: 1, steps: [{ ...step('p'), type: 'plan' }] } },
      { type: 'step_started', at: 0, stepKey: 'p' },
      nested({ type: 'plan_created', at: 0, plan: { name: 'inner', revision: 1, steps: [step('x'), step('y', ['x']), step('z', ['x'])] } }),
      nested({ type: 'step_completed', at: 1, stepKey: 'x', result: 1, durationMs: 1, usage: NO_USAGE }),
      nested({ type: 'step_completed', at: 1, stepKey: 'y', result: 2, durationMs: 1, usage: NO_USAGE, partial: 'its for_each list comes from the result of step x, which its tool cut' }),
      nested({ type: 'step_completed', at: 1, stepKey: 'z', result: 3, durationMs: 1, usage: NO_USAGE, partial: 'its for_each list comes from the result of step x, which its tool cut' }),
      nested({ type: 'run_finished', at: 1, status: 'succeeded', durationMs: 1, usage: NO_USAGE, resultStepKey: 'z' }),
      { type: 'step_completed', at: 2, stepKey: 'p', result: 3, durationMs: 2, usage: NO_USAGE, partial: 'its plan’s result, step z of inner.yml, lacks work' },
    ]);
    expect(checklistHeader(record)).toBe('1/1 complete, 0 failed, 1 result partial, 1 result of used plans partial');
  });

  it('are counted in the PR comment’s header', async () => {
    const { renderComment } = await import('../../src/report/comment/render-comment.ts');
    const record = fold([
      { type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('a'), step('b', ['a'])] } },
      { type: 'step_completed', at: 1, stepKey: 'a', result: 1, durationMs: 1, usage: NO_USAGE },
      { type: 'step_completed', at: 2, stepKey: 'b', result: 2, durationMs: 1, usage: NO_USAGE, partial: 'its tool was given the result of step a, which lacks work', made: true },
      { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
    ]);
    const comment = renderComment(record, { marker: '<!-- m -->', redact: (text) => text });
    expect(comment).toContain('— 2/2 complete, 0 failed, 1 result partial\n');
  });
});

// Found by an adversarial pass: a fan-out merge (or a resume) that took a plan step whole, whose used plan had a step
// fail under on_failure: continue, showed `✅ setup. plan (reused)` and `1/1 complete, 0 failed` in the log, the
// comment and the summary, while all_steps_completed was unmet and named the failed step.
describe('a plan step reused whole whose plan left a step undone in the run resumed', () => {
  const record = fold([
    {
      type: 'plan_created',
      at: 0,
      plan: { name: 'outer', revision: 1, steps: [{ ...step('setup'), type: 'plan' }, step('list', ['setup'])] },
      carried: { 'setup/warm': 'failed in the plan step setup uses, in the saved state of prepare (attempt 1)' },
    },
    { type: 'step_started', at: 0, stepKey: 'setup', reuseKey: 'k' },
    { type: 'step_completed', at: 1, stepKey: 'setup', result: 'built', durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } },
    { type: 'step_completed', at: 2, stepKey: 'list', result: 'ok', durationMs: 1, usage: NO_USAGE },
    { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
  ]);
  const said = '— left undone in the run resumed: setup/warm (failed in the plan step setup uses, in the saved state of prepare (attempt 1))';

  it('is counted in the header', () => {
    expect(checklistHeader(record)).toBe('2/2 complete, 0 failed, 1 left undone in the run resumed');
  });

  it('is said on the plan step’s line in the log, the comment and the summary', async () => {
    const { checklistLines } = await import('../../src/report/checklist.ts');
    const { renderComment } = await import('../../src/report/comment/render-comment.ts');
    const { renderSummary } = await import('../../src/report/summary/render-summary.ts');
    expect(checklistLines(record)[0]).toBe(`✅ setup. step setup (reused) → built ${said}`);
    expect(renderComment(record, { marker: '<!-- m -->', redact: (text) => text })).toContain(`- ✅ setup. step setup (reused) → built ${said}\n`);
    expect(renderSummary(record, { redact: (text) => text })).toContain(`✅ **setup. step setup** · reused → built ${said}\n`);
  });
});
