import type { GoalResult } from '../goals/goal-result.ts';
import { CANCELLED_WHILE_JUDGING } from '../goals/final-status.ts';
import { goalsVerdict } from '../goals/goals-verdict.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { RunRecord } from '../core/run-record.ts';
import { hideCutFragments } from '../core/hide-cut-fragments.ts';
import type { Redactor } from '../core/redact.ts';

/**
 * Why the goals failed the run: those judged unmet, then those that could not be evaluated, each named as
 * what it is. One nobody could check was said to be "not met", which its table row contradicted.
 */
function unmetReason(goals: readonly GoalResult[]): string {
  const unmet = goalsVerdict(goals).unmetRequired;
  const counted = (some: readonly GoalResult[], what: string): string =>
    `${some.length} required goal${some.length === 1 ? '' : 's'} ${what}: ${some.map((goal) => goal.name).join('; ')}`;
  const judged = unmet.filter((goal) => goal.outcome !== 'error');
  const unevaluated = unmet.filter((goal) => goal.outcome === 'error');
  return [...(judged.length > 0 ? [counted(judged, 'not met')] : []), ...(unevaluated.length > 0 ? [counted(unevaluated, 'could not be evaluated')] : [])].join(' — ');
}

/**
 * The run's record as the goals judged it: the final status (a succeeded run whose required goals
 * are unmet is `goals-unmet`, with the reason), and the goals with their evidence redacted. Every
 * report renders from this, so none can show "succeeded" beside an unmet goal.
 */
export function judgedRecord(
  record: RunRecord,
  status: RunStatus,
  goals: readonly GoalResult[],
  redact: Redactor,
): { readonly record: RunRecord; readonly goals: GoalResult[]; readonly reason?: string } {
  // Evidence is an excerpt of the result, cut before any redactor saw it: redact it, then hide cut token fragments.
  const shown = goals.map((goal) => ({ ...goal, evidence: hideCutFragments(redact(goal.evidence)) }));
  // A run cancelled on its own says why; one cancelled only while its goals were checked has no reason yet.
  const reason =
    status === 'goals-unmet' ? unmetReason(shown) : status === 'cancelled' && record.reason === undefined ? CANCELLED_WHILE_JUDGING : record.reason;
  return { record: { ...record, status, ...(reason === undefined ? {} : { reason }) }, goals: shown, ...(reason === undefined ? {} : { reason }) };
}
