import type { StepState } from '../core/run-event.ts';

/** The moves a step may make. Retries stay `in_progress`; a replan replaces steps rather than moving them back. */
const ALLOWED: Readonly<Record<StepState, readonly StepState[]>> = {
  pending: ['in_progress', 'waiting', 'skipped'],
  // A waiting step does not start in this run: an approving run starts it afresh.
  waiting: ['skipped'],
  in_progress: ['completed', 'failed'],
  completed: [],
  failed: [],
  skipped: [],
};

/** True when a step in state `from` may move to `to`. */
export function canMove(from: StepState, to: StepState): boolean {
  return ALLOWED[from].includes(to);
}
