import type { RunStatus } from '../core/run-event.ts';
import type { GoalResult } from './goal-result.ts';
import { goalsVerdict } from './goals-verdict.ts';

/**
 * The run's status once goals are known. Only a succeeded run can become `goals-unmet`: "the agent
 * could not run" (failed, escalated, cancelled) must stay distinguishable from "the result is not
 * good enough".
 */
export function finalStatus(runStatus: RunStatus, results: readonly GoalResult[]): RunStatus {
  if (runStatus !== 'succeeded') return runStatus;
  return goalsVerdict(results).goalsMet ? 'succeeded' : 'goals-unmet';
}
