import type { RunStatus } from '../core/run-event.ts';
import type { GoalResult } from './goal-result.ts';
import { goalsVerdict } from './goals-verdict.ts';

/** The reason a run that finished its steps is `cancelled`: the cancel came while its goals were checked. */
export const CANCELLED_WHILE_JUDGING = 'cancelled while the goals were being checked';

/**
 * The run's status once goals are known. Only a succeeded run can become `goals-unmet`: "the agent
 * could not run" (failed, escalated, cancelled) must stay distinguishable from "the result is not
 * good enough". A cancel that arrived while the goals were checked makes the run `cancelled`: the
 * goals it cut short say nothing about the result.
 */
export function finalStatus(runStatus: RunStatus, results: readonly GoalResult[], cancelled = false): RunStatus {
  if (runStatus !== 'succeeded') return runStatus;
  if (cancelled) return 'cancelled';
  return goalsVerdict(results).goalsMet ? 'succeeded' : 'goals-unmet';
}
