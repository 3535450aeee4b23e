import { asSentence } from '../run/as-sentence.ts';
import type { CheckConclusion } from './check-run.ts';
import type { FinalReport } from '../report/final-report.ts';
import { oneLogLine } from '../report/checklist.ts';
import { reasonAfterStatus } from '../report/status-reason.ts';
import { problemCount, refusedWhat } from '../plan/plan-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { INTERNAL_ERROR_STATUS } from '../report/rejected-report.ts';
import type { PlanGate } from '../goals/goals-verdict.ts';

/**
 * Why the job fails (for `core.setFailed`), or undefined when it passes. `gate`: the plan has a
 * required goal (`planGates`), so the job is a gate: a run paused for approval, or rejected, never checked its
 * goals, and a gate that could not evaluate does not pass (the job may be the required check). A used plan's
 * goal gates whatever `fail-on-unmet-goals` says: unmet, it fails its step, and the run.
 */
export function jobFailure(report: FinalReport, failOnUnmetGoals: boolean, gate: PlanGate, redact: (text: string) => string = (text) => text): string | undefined {
  // One line: the reason holds run text (a tool's stderr), and the message is an error annotation and a log line.
  // Redacted first: a secret with a tab or a line break in it no longer matches once they are spaces.
  // A cancel's `cancelled (SIGTERM)` reads `The run was cancelled (SIGTERM)`, not `The run was cancelled: cancelled (SIGTERM)`.
  const reason = reasonAfterStatus(report.status, report.reason, (text) => oneLogLine(redact(text)));
  const see = 'See the job summary for the full record.';
  // The count, not the reason: that is "the plan was rejected (1 problem)", and said so twice (new-user walkthrough).
  const problems = problemCount(report.planErrors);
  const internal = report.planErrors.find((error) => error.internal);
  if (internal) return `${INTERNAL_ERROR_STATUS} It said: ${oneLogLine(redact(internal.message))} ${see}`;
  const refused = refusedWhat(report.planErrors);
  if (problems > 0) return `${refused[0]!.toUpperCase()}${refused.slice(1)} before any step ran (${groupDigits(problems)} problem${problems === 1 ? '' : 's'}). The annotations point at each problem. ${see}`;
  const judged = gate === 'used' || (gate === 'own' && failOnUnmetGoals);
  switch (report.status) {
    case 'succeeded':
      return undefined;
    // Nothing failed, but nothing was judged either: the run waits for a person, or a person said no.
    case 'awaiting-approval':
      return judged
        ? `The run is paused for approval, so its goals were not checked, and a gate whose goals were not checked does not pass. /approve continues the run: it checks the goals, and its check run decides. ${see}`
        : undefined;
    case 'rejected':
      return judged ? `The paused run was rejected (/reject), so its goals were never checked, and a gate whose goals were not checked does not pass. ${see}` : undefined;
    case 'goals-unmet': {
      // A required goal that could not be evaluated fails the job whatever fail-on-unmet-goals says: it
      // lets unmet goals report without failing, not goals nobody could check (found by an adversarial
      // pass: a judge call that failed left the job passing and the check run neutral, a pass).
      const unevaluated = unevaluatedRequired(report);
      if (unevaluated > 0 && !failOnUnmetGoals) {
        return `${unevaluated === 1 ? 'A required goal' : `${unevaluated} required goals`} could not be evaluated, and a gate that could not evaluate does not pass (fail-on-unmet-goals: false lets only unmet goals report without failing). ${see}`;
      }
      if (!failOnUnmetGoals) return undefined;
      // That input is no way to pass a goal nobody could check: offered as one, it failed the job all the same.
      const advice = unevaluated > 0
        ? `${unevaluated === 1 ? 'A required goal' : `${unevaluated} required goals`} could not be evaluated, and a gate that could not evaluate does not pass, whatever fail-on-unmet-goals says. ${see}`
        : `${see} (Set fail-on-unmet-goals: false to report without failing.)`;
      return `${asSentence(`The run finished, but its result does not meet the plan's goals${reason}`)} ${advice}`;
    }
    case 'escalated':
      return `${asSentence(`The run was escalated${reason}`)} ${see}`;
    case 'cancelled':
      return `${asSentence(`The run was cancelled${reason}`)} ${see}`;
    case 'failed':
      return `${asSentence(`The run failed${reason}`)} ${see}`;
  }
}

/**
 * The check run's conclusion: `success` only for a run that ran and met its goals. A required check
 * passes on `success`, `neutral` or `skipped`, so a run whose goals were not checked must not end on
 * either of those: a run paused for approval and `mode: plan` (which ran nothing) end on
 * `action_required`, a `/reject`ed run on `failure`. Unmet goals that do not fail the job
 * (`fail-on-unmet-goals: false`) are `neutral`, as asked; a required goal that could not be evaluated
 * is `failure` whatever that input says.
 */
export function checkConclusion(report: FinalReport, failOnUnmetGoals: boolean): CheckConclusion {
  if (report.status === 'succeeded') return report.record === undefined ? 'action_required' : 'success';
  if (report.status === 'cancelled') return 'cancelled';
  if (report.status === 'awaiting-approval') return 'action_required';
  if (report.status === 'goals-unmet' && !failOnUnmetGoals && unevaluatedRequired(report) === 0) return 'neutral';
  return 'failure';
}

/** The required goals whose outcome is `error`: not evaluated, which never counts as met nor as merely unmet. */
function unevaluatedRequired(report: FinalReport): number {
  return report.goals.filter((goal) => goal.severity === 'required' && goal.outcome === 'error').length;
}
