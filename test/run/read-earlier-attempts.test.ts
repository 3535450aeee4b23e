import { expect, it } from 'vitest';
import { EARLIER_ENTRIES_KEPT, type EarlierAttempts } from '../../src/core/earlier-attempts.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import { TRACE_FORMAT, type RunEvent } from '../../src/core/run-event.ts';
import { readEarlierAttempts } from '../../src/run/read-earlier-attempts.ts';
import { mergeResumeStates, resumeStateFromEvents } from '../../src/run/resume-state.ts';

const step = (key: string, tool: string): PlanStep => ({ key, id: key, type: 'tool_call', tool, args: { target: key }, description: key, inputs: [], dependsOn: [] });
const usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };
const NO_USAGE_FAILED = { transient: false, durationMs: 1, usage };

function trace(earlier?: EarlierAttempts): RunEvent[] {
  return [
    { type: 'plan_created', at: 0, format: TRACE_FORMAT, plan: { name: 'p', revision: 1, steps: [step('a', 'deploy'), step('b', 'tests')] }, ...(earlier && { earlier }) },
    { type: 'step_failed', at: 1, stepKey: 'a', error: "tool 'deploy' exited with status 4", ...NO_USAGE_FAILED },
    { type: 'step_failed', at: 2, stepKey: 'b', error: 'cancelled (the workflow was cancelled)', ...NO_USAGE_FAILED },
    { type: 'run_finished', at: 3, status: 'cancelled', durationMs: 3, usage, reason: 'cancelled (the workflow was cancelled)' },
  ];
}

it('a step the run’s stop aborted is no failure the replanner of a run resuming it is told', () => {
  const earlier = readEarlierAttempts(trace(), 'attempt 1');
  expect(earlier).toEqual([{ kind: 'failed', in: 'attempt 1', stepKey: 'a', call: 'deploy', args: '{"target":"a"}', error: "tool 'deploy' exited with status 4", attempts: 1 }]);
});

it('what a chain of re-runs carries keeps the latest failures and replans, each cut', () => {
  const carried: EarlierAttempts = Array.from({ length: EARLIER_ENTRIES_KEPT }, (_, index) => ({ kind: 'replanned' as const, in: `attempt ${index}`, revision: 2, reason: 'x'.repeat(5_000) }));
  const earlier = readEarlierAttempts(trace(carried), 'attempt 99')!;
  expect(earlier).toHaveLength(EARLIER_ENTRIES_KEPT);
  expect(earlier[0]).toMatchObject({ in: 'attempt 1' });
  expect(earlier.at(-1)).toMatchObject({ kind: 'failed', in: 'attempt 99', stepKey: 'a' });
  expect(Math.max(...earlier.map((entry) => (entry.kind === 'replanned' ? entry.reason.length : 0)))).toBe(2_000);
});

it('a fan-out merge’s replanner is told each earlier failure once, not again for each shard that carried it', () => {
  const prepare = resumeStateFromEvents(trace(), 'p', 'the saved state of prepare (attempt 1)');
  if (!prepare.ok) throw new Error(prepare.problem);
  // Each shard resumed the prepare job's state: its trace carries the prepare job's failures, then has its own.
  const shard = (index: number) => {
    const events = trace(prepare.state.earlier);
    events.splice(1, 1, { type: 'step_failed', at: 1, stepKey: 'a', error: `shard ${index} failed`, ...NO_USAGE_FAILED });
    const read = resumeStateFromEvents(events, 'p', `the saved state of shard ${index} (attempt 1)`);
    if (!read.ok) throw new Error(read.problem);
    return read.state;
  };
  const merged = mergeResumeStates([prepare.state, shard(0), shard(1), shard(2)], 'all');
  expect(merged.earlier?.map((entry) => `${entry.in}: ${entry.kind === 'failed' ? entry.error : entry.reason}`)).toEqual([
    "the saved state of prepare (attempt 1): tool 'deploy' exited with status 4",
    'the saved state of shard 0 (attempt 1): shard 0 failed',
    'the saved state of shard 1 (attempt 1): shard 1 failed',
    'the saved state of shard 2 (attempt 1): shard 2 failed',
  ]);
});
