import type { RunEvent } from '../core/run-event.ts';
import type { RunRecord } from '../core/run-record.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import { stepUsageSoFar } from '../core/run-usage.ts';

type StepEndEvent = Extract<RunEvent, { type: 'item_failed' | 'nested_event' | 'step_failed' | 'step_skipped' }>;

/**
 * How a run an executor bug abandoned ends its steps, for `reason` at `at`: each item and step still running
 * failed, a used plan's run inside its step ended the same way, and each step not started skipped (within
 * `scope`, a fanned-out part's steps). Its items and nested runs stayed ⏳ under their ❌ step (found by a review).
 */
export function abandonedSteps(record: RunRecord, reason: string, at: number, scope?: ReadonlySet<string>): StepEndEvent[] {
  const ended: StepEndEvent[] = [];
  for (const step of record.steps.values()) {
    const stepKey = step.key;
    if (step.state === 'in_progress') {
      for (const [index, item] of (step.items ?? []).entries()) {
        if (item.state === 'in_progress') ended.push({ type: 'item_failed', stepKey, index, error: reason, transient: false, durationMs: 0, usage: NO_USAGE, at });
      }
      // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
      if (step.nested && step.nested.status === undefined) {
        const ran = step.startedAt === undefined ? 0 : Math.max(0, at - step.startedAt);
        for (const event of abandonedRun(step.nested, reason, at, ran)) ended.push({ type: 'nested_event', stepKey, event, at });
      }
      ended.push({ type: 'step_failed', stepKey, error: reason, transient: false, durationMs: step.startedAt === undefined ? 0 : Math.max(0, at - step.startedAt), usage: stepUsageSoFar(step), at });
    } else if ((step.state === 'pending' || step.state === 'waiting') && (scope?.has(stepKey) ?? true)) {
      ended.push({ type: 'step_skipped', stepKey, reason, at });
    }
  }
  return ended;
}

/** A used plan's run abandoned with its step: its steps ended, then the run, failed. */
function abandonedRun(record: RunRecord, reason: string, at: number, durationMs: number): RunEvent[] {
  let usage: Usage = NO_USAGE;
  for (const step of record.steps.values()) usage = addUsage(usage, stepUsageSoFar(step));
  return [...abandonedSteps(record, reason, at), { type: 'run_finished', status: 'failed', durationMs, usage, reason, at }];
}
