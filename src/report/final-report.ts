import { reasonText, statusIcon } from './summary/summary-header.ts';
import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';
import { inlineCode } from '../core/code-fence.ts';
import type { Usage } from '../core/usage.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import { isInternalFailure, problemCount, type PlanError } from '../plan/plan-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import type { Escalation } from '../core/run-event.ts';
import { judgedRecord } from './judged-record.ts';
import { renderRejectedPlan } from './rejected-plan-markdown.ts';
import { renderPlanPreview } from './plan-preview.ts';
import type { Redactor } from '../core/redact.ts';
import { renderSummary, SUMMARY_ROOM_BYTES } from './summary/render-summary.ts';
import { renderPlanningCost } from './summary/summary-cost.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { JobOutcome } from '../job/run-job.ts';
import type { RunRecord } from '../core/run-record.ts';
import { INTERNAL_ERROR_TITLE, relativePlanErrors, renderRejectedReport } from './rejected-report.ts';

/** How the job ended, in the terms every report uses. */
export interface FinalReport {
  readonly status: RunStatus;
  /** Why it did not succeed, in words. */
  readonly reason?: string;
  readonly goals: readonly GoalResult[];
  /** The job summary's Markdown (also the report file). */
  readonly markdown: string;
  /** The run as recorded, with the final status (goals included); undefined when nothing ran. */
  readonly record?: RunRecord;
  /** Plan errors with files relative to the workspace; empty when the plan ran. */
  readonly planErrors: readonly PlanError[];
  readonly finalResult?: unknown;
  /** Set when the run was escalated to a person: the plan's mention and label to apply. */
  readonly escalation?: Escalation;
  /** What the model calls cost when nothing ran (a plan the model wrote, rejected or only shown); a run's is in `record`. */
  readonly usage?: Usage;
}

export interface FinalReportContext {
  readonly planFile?: string;
  readonly planPath: string;
  /** The repository root (the action's workspace), when plan errors' files are to be named from it rather than the working directory. */
  readonly root?: string;
  readonly tracePath: string;
  readonly redact: Redactor;
  /** Markdown that opens the report (a read-only run's note, a fan-out job's): within the summary's size limit. */
  readonly notes?: string;
  /** A job of a fanned-out run (prepare, shard, merge): the steps it reused are the other jobs', not an earlier run's. */
  readonly fannedOut?: boolean;
  /** The trace could not be opened, or its writer failed (a full disk): it is not the full record the summary points to. */
  readonly traceLost?: boolean;
  /**
   * Why a run that succeeded, or paused for approval, failed the job all the same: a prepare or shard job whose state
   * could not be saved, which no job after it can build on (its summary said ✅ succeeded, and a prepare job's comment
   * stayed at ⏳); a pause no `/approve` can find (its summary said to comment `/approve`); a `mode: plan` job's frozen
   * plan file that would not run as planned.
   */
  readonly failedAfter?: string;
  /** A `mode: plan` job wrote its frozen plan file (its `plan-file` output): it has every step a long preview leaves out. */
  readonly frozenPlanWritten?: boolean;
}

/** The note that opens a report whose trace could not be written whole. */
function traceLostNote(tracePath: string, redact: Redactor): string {
  return [
    '> [!WARNING]',
    `> **The trace is incomplete:** ${inlineCode(redact(tracePath))} could not be written whole (see the log), so results this summary`,
    '> cuts are in no file, and no run can resume from this one.',
    '',
    '',
  ].join('\n');
}


/** A report where no step ran still says what the model's planning used, and how many of its requests were abandoned. */
function withAbandoned(markdown: string, usage: Usage | undefined): string {
  const cost = usage && renderPlanningCost(usage);
  return cost ? `${markdown.trimEnd()}\n\n${cost}\n` : markdown;
}

/**
 * The final word on a job: its status (a rejected plan is `failed`), goals, the record with the
 * status after goals, and the summary Markdown.
 */
export function finalReport(outcome: JobOutcome, given: FinalReportContext): FinalReport {
  // Found by an adversarial pass: with the trace unwritten, the summary said the full results were in it.
  const notes = `${given.traceLost ? traceLostNote(given.tracePath, given.redact) : ''}${given.notes ?? ''}`;
  const context = { ...given, ...(notes && { notes }) };
  const report = reportOf(outcome, context);
  return context.notes ? { ...report, markdown: `${context.notes}${report.markdown}` } : report;
}

/**
 * A run cancelled with no record to show: its name (the plan's, else its file) and why, in words. The reason is
 * shown as the summary's status lines show theirs (found by an adversarial pass: a damaged trace's problem,
 * which quotes the trace, put its own headings, links and HTML in the job summary and the PR comment).
 */
export function cancelledReport(name: string, reason: string, redact: Redactor, usage?: Usage): FinalReport {
  return {
    status: 'cancelled',
    reason,
    goals: [],
    markdown: withAbandoned(`## ${statusIcon('cancelled')} plan-runner: ${escapeInlineMarkdown(redact(name))}\n\n**Status:** ${reasonText(reason, redact)}.\n`, usage),
    planErrors: [],
    ...(usage && { usage }),
  };
}

function reportOf(outcome: JobOutcome, context: FinalReportContext): FinalReport {
  // The notes come before the report in the job summary, in its room.
  const roomAfterNotes = SUMMARY_ROOM_BYTES - (context.notes ? Buffer.byteLength(context.notes) : 0);
  if (outcome.kind === 'rejected' && outcome.cancelled) {
    return cancelledReport(outcome.plan?.name ?? context.planPath, `cancelled while ${outcome.cancelled}; no step ran`, context.redact, outcome.usage);
  }
  if (outcome.kind === 'rejected') {
    const planErrors = relativePlanErrors(outcome.errors, context.planFile, context.planPath, context.root);
    // As the summary counts them: an "and N more" line stands for N problems.
    const problems = problemCount(planErrors);
    return {
      status: 'failed',
      reason: isInternalFailure(planErrors) ? INTERNAL_ERROR_TITLE : `the plan was rejected (${groupDigits(problems)} problem${problems === 1 ? '' : 's'})`,
      goals: [],
      markdown: withAbandoned(
        [renderRejectedReport(planErrors, context.planPath, context.redact), ...(outcome.rejectedPlan ? [renderRejectedPlan(outcome.rejectedPlan, context.redact)] : [])].join('\n\n'),
        outcome.usage,
      ),
      planErrors,
      ...(outcome.usage && { usage: outcome.usage }),
    };
  }
  if (outcome.kind === 'planned') {
    // mode: plan — the plan was written and validated; nothing ran. A budget its writing passed fails the job, the plan still shown.
    const stop = outcome.stopped;
    const after = context.failedAfter;
    // Above the plan, with the planning's cost: after it, a cut end (the comment's, a long plan's summary) took them (found by a caps hunt).
    const statusLine = stop
      ? `**Status:** ${stop.status} — ${escapeInlineMarkdown(stop.message)}; the model's calls that wrote the plan passed it.`
      : after !== undefined
        ? `**Status:** failed — ${escapeInlineMarkdown(context.redact(after))}.`
        : undefined;
    const cost = renderPlanningCost(outcome.usage);
    const markdown = renderPlanPreview(outcome.plan, {
      redact: context.redact,
      written: outcome.written,
      ...(statusLine && { status: statusLine }),
      ...(cost && { cost }),
      maxBytes: roomAfterNotes,
      ...(context.frozenPlanWritten && { fullPlanAt: 'the frozen plan file (the `plan-file` output)' }),
    });
    const status = stop ? stop.status : after !== undefined ? 'failed' : 'succeeded';
    const reason = stop?.message ?? after;
    return { status, ...(reason !== undefined && { reason }), goals: [], markdown, planErrors: [], usage: outcome.usage };
  }
  const lost = context.failedAfter !== undefined && (outcome.status === 'succeeded' || outcome.status === 'awaiting-approval');
  const ran = lost ? { ...outcome.run.record, reason: context.failedAfter } : outcome.run.record;
  const status = lost ? 'failed' : outcome.status;
  const { record, goals, reason } = judgedRecord(ran, status, outcome.goals, context.redact);
  const limits = outcome.plan.limits;
  const markdown = renderSummary(record, {
    redact: context.redact,
    goals,
    limits: { maxModelCalls: limits.max_model_calls, maxTokens: limits.max_tokens, maxCostUsd: limits.max_cost_usd },
    fullRecordAt: context.traceLost ? 'no file (the trace could not be written)' : `the trace file \`${context.tracePath}\``,
    maxBytes: roomAfterNotes,
    ...(context.fannedOut && { fannedOut: true }),
  });
  return {
    status,
    ...(reason === undefined ? {} : { reason }),
    goals,
    markdown,
    record,
    planErrors: [],
    ...(outcome.run.finalResult === undefined ? {} : { finalResult: outcome.run.finalResult }),
    ...(outcome.run.escalation ? { escalation: outcome.run.escalation } : {}),
  };
}
