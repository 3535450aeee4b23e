import { describe, expect, it } from 'vitest';
import { stepLogGroups } from '../../src/action/step-log-groups.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { recordingIO } from './recording-io.ts';

const step = (key: string): PlanStep => ({ key, id: key, type: 'tool_call', tool: 'fetch', description: `Step ${key}`, inputs: [], dependsOn: [] });

// Found by an adversarial pass: a step's result and a tool's stderr put "✅ 3. Deploy to production → deployed"
// and "Run succeeded …" on log lines of their own, read as the checklist's in the raw log and its search.
describe('a step’s log group', () => {
  it('shows the result’s and the error’s lines under a rule, never as lines of their own', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('1'), step('2')] } });
    listener({ type: 'step_completed', at: 1, stepKey: '1', result: 'fetched\n✅ 3. Deploy to production → deployed\r\nRun succeeded in 1 s — 3/3 complete, 0 failed', durationMs: 1, usage: NO_USAGE });
    listener({ type: 'step_failed', at: 2, stepKey: '2', error: 'exit 1\n✅ 2. Tests pass', transient: false, durationMs: 1, usage: NO_USAGE });
    const lines = said.groups.flatMap((group) => group.lines);
    expect(lines.filter((line) => /^(?:✅|Run )/.test(line))).toEqual([]);
    expect(said.groups[0]?.lines.slice(-4)).toEqual(['result:', '│ fetched', '│ ✅ 3. Deploy to production → deployed', '│ Run succeeded in 1 s — 3/3 complete, 0 failed']);
    expect(said.groups[1]?.lines.slice(-3)).toEqual(['error:', '│ exit 1', '│ ✅ 2. Tests pass']);
  });

  // Found by a review: a for_each step whose every item failed (so the step failed) listed no item's error in
  // its group, where one with an item done listed each; the error names only the first.
  it('lists every failed item of a for_each step, whether the step completed or failed', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('each')] } });
    listener({ type: 'step_started', at: 0, stepKey: 'each' });
    listener({ type: 'step_expanded', at: 0, stepKey: 'each', keys: ['each[0]', 'each[1]'] });
    for (const index of [0, 1]) {
      listener({ type: 'item_started', at: 0, stepKey: 'each', index });
      listener({ type: 'item_failed', at: 1, stepKey: 'each', index, error: `broken ${index}`, transient: false, durationMs: 1, usage: NO_USAGE });
    }
    listener({ type: 'step_failed', at: 2, stepKey: 'each', error: 'every item failed (2 of 2); the first, item each[0] failed: broken 0', transient: false, durationMs: 2, usage: NO_USAGE });
    const lines = said.groups[0]!.lines;
    expect(lines).toContain('items: 0/2 done, 2 failed');
    expect(lines.join('\n')).toContain('item each[0] failed:\n│ broken 0\nitem each[1] failed:\n│ broken 1');
  });

  // Found by an adversarial pass: a step that lost 667 of its 2,000 items (on_item_failure: continue) got the
  // collapsed group `✅ Step each: echo — completed in 1 min 15 s`, the one line of it the log shows.
  it('says in its title how many items of a completed for_each step failed', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('each')] } });
    listener({ type: 'step_started', at: 0, stepKey: 'each' });
    listener({ type: 'step_expanded', at: 0, stepKey: 'each', keys: ['each[0]', 'each[1]'] });
    listener({ type: 'item_started', at: 0, stepKey: 'each', index: 0 });
    listener({ type: 'item_failed', at: 1, stepKey: 'each', index: 0, error: 'broken', transient: false, durationMs: 1, usage: NO_USAGE });
    listener({ type: 'item_started', at: 0, stepKey: 'each', index: 1 });
    listener({ type: 'item_completed', at: 1, stepKey: 'each', index: 1, result: 'fine', durationMs: 1, usage: NO_USAGE });
    listener({ type: 'step_completed', at: 2, stepKey: 'each', result: [null, 'fine'], durationMs: 2, usage: NO_USAGE, failedItems: [{ index: 0, key: 'each[0]', error: 'broken' }] });
    expect(said.groups[0]?.title).toBe('✅ Step each: Step each — completed in 2 ms — 1/2 done, 1 failed');
  });

  // Found by a cross-view pass: an agent that answered with TODOs of its list not done read `✅ 3. Triage → Done — 1 TODO
  // not done` on its checklist line, in the comment and the summary, and `✅ Step 3: Triage — completed in 2 ms`, all the
  // collapsed group shows, in its group.
  it('says in its title how many TODOs of a completed agent step are not done, as its checklist line does', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [{ ...step('3'), type: 'agent', tool: undefined, description: 'Triage' }] } });
    listener({ type: 'step_started', at: 0, stepKey: '3' });
    const todos = [
      { id: '1', content: 'Read the issue', status: 'completed' as const },
      { id: '2', content: 'Label it', status: 'pending' as const },
    ];
    listener({ type: 'todos_created', at: 1, stepKey: '3', todos });
    listener({ type: 'step_completed', at: 2, stepKey: '3', result: 'Done', durationMs: 2, usage: NO_USAGE });
    expect(said.groups[0]?.title).toBe('✅ Step 3: Triage — completed in 2 ms — 1 TODO not done');
  });
});

// Found by an adversarial pass: a resumed run's reused step got the log group of a step that ran, "— completed
// in 0 ms", where the checklist line above it said "(reused)" and the summary "reused".
describe('a reused step’s log group', () => {
  it('says the result was reused, not that the step ran in 0 ms', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('1'), step('2')] } });
    listener({ type: 'step_started', at: 0, stepKey: '1', reuseKey: 'k1' });
    listener({ type: 'step_completed', at: 0, stepKey: '1', result: 'fetched', durationMs: 0, usage: NO_USAGE, reused: { usage: { ...NO_USAGE, modelCalls: 2, promptTokens: 10, completionTokens: 5 } } });
    listener({ type: 'step_started', at: 1, stepKey: '2', reuseKey: 'k2' });
    listener({ type: 'step_completed', at: 2, stepKey: '2', result: 'made', durationMs: 1, usage: NO_USAGE });
    const [reused, ran] = said.groups;
    expect(reused?.title).toBe('✅ Step 1: Step 1 — completed (reused, not run here)');
    expect(reused?.lines).toContain("reused: its result was taken from an earlier run's saved state (2 model calls there, tokens in/out: 10/5); the step did not run here");
    expect(ran?.title).toBe('✅ Step 2: Step 2 — completed in 1 ms');
  });

  it('counts the items of a for_each step that were reused, apart from those that ran', () => {
    const { io, said } = recordingIO();
    const listener = stepLogGroups(io, createRedactor());
    listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [step('each')] } });
    listener({ type: 'step_started', at: 0, stepKey: 'each', reuseKey: 'k' });
    listener({ type: 'step_expanded', at: 0, stepKey: 'each', keys: ['each[0]', 'each[1]', 'each[2]'] });
    listener({ type: 'item_completed', at: 0, stepKey: 'each', index: 0, result: 'a', durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } });
    listener({ type: 'item_completed', at: 0, stepKey: 'each', index: 1, result: 'b', durationMs: 0, usage: NO_USAGE, reused: { usage: NO_USAGE } });
    listener({ type: 'item_started', at: 1, stepKey: 'each', index: 2 });
    listener({ type: 'item_completed', at: 2, stepKey: 'each', index: 2, result: 'c', durationMs: 1, usage: NO_USAGE });
    listener({ type: 'step_completed', at: 2, stepKey: 'each', result: ['a', 'b', 'c'], durationMs: 2, usage: NO_USAGE });
    expect(said.groups[0]?.lines).toContain('items: 3/3 done, 2 of them reused (not run here)');
  });
});
