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
});
