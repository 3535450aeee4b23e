import { existsSync } from 'node:fs';
import type { Clock } from '../core/clock.ts';
import type { Redactor } from '../core/redact.ts';
import type { RunEvent } from '../core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../core/run-record.ts';
import { NO_USAGE, type Usage } from '../core/usage.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import { cancelledReport, finalReport, type FinalReport } from '../report/final-report.ts';
import { runUsage, stepUsageSoFar } from '../core/run-usage.ts';
import { formatDuration } from '../report/format-duration.ts';
import { fanOutScope } from '../run/fan-out-part.ts';
import { readResumeTrace, traceEvents } from '../run/read-resume-trace.ts';
import { renderSummary } from '../report/summary/render-summary.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { checkRunJob, leftCheckRun } from './check-run.ts';
import { checkRunName } from './check-run-name.ts';
import { checkRunResult } from './check-run-output.ts';
import { checkConclusion } from './job-failure.ts';
import { authorizeRun, readOnlyReason } from './admit-run.ts';
import { commentTarget } from './comment-target.ts';
import { liveComment, unshownPause, type LiveComment } from './live-comment.ts';
import { jobReportPaths, resumesInPlace } from './report-paths.ts';
import { writeReport, writeReportSummary } from './write-report.ts';
import { hideCutFragments } from '../core/hide-cut-fragments.ts';
import { cutText } from '../core/cut-text.ts';
import { traceStartedBy } from './trace-started.ts';
import { tellLeftEscalation } from './left-escalation.ts';

export const KILLED_REASON = 'the main step ended before the run did (killed on cancel, timeout or out of memory, or crashed); what completed is in the trace';
export const KILLED_JUDGING_REASON = 'the main step ended while the goals were checked (killed on cancel, timeout or out of memory, or crashed): they were not checked';

/** The most of a damaged trace's problem the report of a run whose record is not known quotes. */
const MAX_PROBLEM_CHARS = 400;

/**
 * The end a killed run never wrote: each step still running failed, each not started skipped, and
 * the run cancelled at its last event. Nested runs are ended the same way, inside their step. With
 * `scope` (a prepare or shard job of a fanned-out run), a step outside it is another job's to start
 * and is left as it is, as the live run leaves it: skipped, it would show ⏭️ in the comment the jobs
 * share until the merge job's last write, over the merge job's own ⏳.
 */
export function killedRunEnd(record: RunRecord, scope?: ReadonlySet<string>): RunEvent[] {
  const at = record.lastAt;
  const ended: RunEvent[] = [];
  for (const step of record.steps.values()) {
    const stepKey = step.key;
    for (const [index, item] of (step.items ?? []).entries()) {
      if (item.state === 'in_progress') ended.push({ type: 'item_failed', stepKey, index, error: 'the main step ended while this item ran', transient: true, durationMs: 0, usage: NO_USAGE, at });
    }
    if (step.nested) for (const event of killedRunEnd(step.nested)) ended.push({ type: 'nested_event', stepKey, event, at });
    if (step.state === 'in_progress') {
      // How long it ran is known only up to the trace's last event: the figure is a lower bound, and says so
      // (found by an adversarial pass: `· 11 ms` for a step killed after 300 ms read as its time).
      const ran = step.startedAt === undefined ? 0 : at - step.startedAt;
      // Its model use up to the kill, as the trace's `model_used` events charged it (found by a review: 0).
      ended.push({ type: 'step_failed', stepKey, error: `the main step ended while this step ran (${formatDuration(ran)} or more: the trace ends there)`, transient: true, durationMs: ran, usage: stepUsageSoFar(step), at });
    } else if ((step.state === 'pending' || step.state === 'waiting') && (scope?.has(stepKey) ?? true)) {
      ended.push({ type: 'step_skipped', stepKey, reason: 'the main step ended before this step completed (the trace may not show its start)', at });
    }
  }
  ended.push({ type: 'run_finished', status: 'cancelled', durationMs: at, usage: runUsage(record), reason: KILLED_REASON, at });
  return ended;
}

/**
 * What the trace a main step left still needs for an end: a run cut off mid-run, the end
 * `killedRunEnd` gives; one whose steps succeeded but whose goals were never checked, cancelled (a gate
 * whose goals were not checked does not pass); one that ended otherwise (its goals checked, failed, escalated,
 * paused for approval, a fanned-out part, which checks none), nothing: the main step only did not report it.
 */
function endOfLeftRun(left: RunRecord, settings: ActionSettings): RunEvent[] {
  const part = settings.fanOut?.part;
  if (left.status === undefined) return killedRunEnd(left, part && left.plan ? fanOutScope(left.plan.steps, part) : undefined);
  // As `finalStatus` decides it, a cancel while the goals were checked replaces only a success: an escalated run killed
  // then was reported cancelled, and no one was told of its escalation (found by a hunt).
  if (left.status !== 'succeeded' || left.goals !== undefined || part === 'prepare' || part === 'shard') return [];
  return [{ type: 'run_finished', status: 'cancelled', durationMs: left.lastAt, usage: runUsage(left), reason: KILLED_JUDGING_REASON, at: left.lastAt }];
}

export interface KilledRunContext {
  readonly io: ActionIO;
  readonly redact: Redactor;
  readonly clock: Clock;
  readonly github?: GitHubClient;
  /** An approved run's paused pull request commit, which its check run and comment are for (the event, a comment, names none). */
  readonly pausedHeadSha?: string;
  /** The id of the check run the main step opened (`CHECK_RUN_STATE`): the one to end. */
  readonly checkRunId?: number;
  /**
   * The main step wrote the job summary and the report file before it was killed (while it finished
   * the comment, the check run or the state upload): those are not written again, only finished.
   */
  readonly reported?: boolean;
  /** As ActionDeps.commentIntervalMs. */
  readonly commentIntervalMs?: number;
  /** The main step's run opened its trace (`TRACE_OPENED_STATE`); only read when it resumed it in place. */
  readonly traceOpened?: boolean;
  /**
   * The `ts` of the first line of the main step's trace (`TRACE_STARTED_STATE`), undefined when its run had no
   * event: a trace at the path whose first line has another is a later step's run of the same plan.
   */
  readonly traceStarted?: string | undefined;
  /** The main step, an `/approve` run, recorded its answer in the paused run's comment (`ANSWER_RECORDED_STATE`): the comment is its own to finish. */
  readonly answerRecorded?: boolean;
  /** The run the main step's run resumed, as its comment named it (`RESUMED_FROM_STATE`): the finished comment keeps that line. */
  readonly resumedFrom?: string;
  /** The main step told the run's escalation (`ESCALATION_TOLD_STATE`): its issue, label and mention are not told again. */
  readonly escalationTold?: boolean;
}

/**
 * The post step's part in a killed run's report: a main step killed mid-run (SIGKILL, the runner's
 * last resort on cancel and on timeout-minutes; an out-of-memory kill) wrote no summary and left
 * the PR comment (and a check run) at ⏳. From the trace it left, this writes the summary and the
 * report file, finishes the comment and completes the check run, ending the run where the trace
 * ends (`endOfLeftRun`). The trace stays as it was, for a resume. Never throws; true when it wrote
 * the end.
 */
export async function finishKilledRun(settings: ActionSettings, context: KilledRunContext): Promise<boolean> {
  const { io, redact } = context;
  // An evaluation writes no trace, no PR comment and no check run (run-eval-action.ts): there is nothing of its
  // to finish. Taken for a run of the plan, a killed one (timeout-minutes over its many runs) had "cancelled, it
  // left no trace" written over the plan's PR comment, or a comment made for it (found by an adversarial pass).
  if (settings.mode === 'eval') {
    io.info('The evaluation ended before it wrote its report (killed on cancel, timeout or out of memory, or crashed): the job log has the runs it finished.');
    return false;
  }
  const paths = jobReportPaths(settings);
  // No trace (an output folder that could not be written, or that a step removed): what ran is not known,
  // and no step is made up; the run is reported cancelled, and a check run it left in progress is ended.
  if (!existsSync(paths.trace)) return endUnreadRun(settings, context, 'it left no trace');
  // Resumed in place and never opened by this run: the trace is the run it was to resume, whose end is not this one's.
  if (resumesInPlace(settings) && context.traceOpened !== true) {
    if (!context.reported) return finishUnstartedRun(settings, context, paths);
    return endUnreadRun(settings, context, 'its trace is the run it was to resume');
  }
  const read = await readResumeTrace(paths.trace);
  const parsed = read.ok ? traceEvents(read.trace) : read;
  if (!parsed.ok) {
    io.warning(`Could not read the trace the main step left (${parsed.problem}).`);
    // The problem quotes the trace (a trace_gap line's event, a key named twice): cut, so the report's own words stay whole.
    return endUnreadRun(settings, context, `its trace could not be read (${cutText(parsed.problem, MAX_PROBLEM_CHARS)})`);
  }
  const { events } = parsed;
  // With its reports written, a run without a plan_created ended (a rejected plan, `mode: plan`) and was killed
  // while it published: its verdict is not in the trace, and none is made up (its check run is ended, saying so).
  if (!events.some((event) => event.type === 'plan_created')) {
    // The calls that wrote no plan yet, each in the trace as it was charged: this step's own, when its first line is.
    const planning = traceStartedBy(events[0], context.traceStarted) ? events.reduce(applyEvent, newRunRecord()).spentOutsideSteps : undefined;
    if (!context.reported) return finishUnstartedRun(settings, context, paths, planning);
    return endUnreadRun(settings, context, 'its trace holds no run');
  }
  // Another step's run (a later step of this job ran the same plan, and wrote its trace here): not this one's to report.
  // So too when this step's run had no event (no `traceStarted`): killed before it, it wrote no line of this trace.
  if (!traceStartedBy(events[0], context.traceStarted)) {
    return endUnreadRun(settings, context, 'a later step of this job ran the same plan, whose trace, report file and PR comment replaced this run\'s (give each such step its own `run-key`)', true);
  }
  const left = events.reduce(applyEvent, newRunRecord());
  const end = endOfLeftRun(left, settings);
  const all = [...events, ...end];
  const record = all.reduce(applyEvent, newRunRecord());
  const status = record.status ?? 'cancelled';
  const counts = `${record.steps.size} steps, ${[...record.steps.values()].filter((step) => step.state === 'completed').length} completed; ${status}`;
  io.warning(
    context.reported
      ? `The main step ended after it wrote the summary but before it finished publishing: finishing the PR comment and the check run from the trace it left (${counts}).`
      : `The main step ended before it wrote its reports: writing the summary and the PR comment from the trace it left (${counts}).`,
  );
  // A kill after the goals were checked (while the comment finished or the state uploaded) keeps them:
  // the summary's table, the check run's text and the report file say what the main step decided.
  // As the main step shows them (the trace's are already so; a trace from elsewhere may not be).
  const goals = (record.goals ?? []).map((goal) => ({ ...goal, evidence: hideCutFragments(redact(goal.evidence)) }));
  // Cut off mid-run, or while its goals were checked: a model request then in flight is in no figure, and the summary says so.
  const reportOf = (shown: RunRecord): FinalReport => {
    const markdown = renderSummary(shown, { redact, goals, fullRecordAt: `the trace file \`${paths.trace}\``, ...(settings.fanOut && { fannedOut: true }), ...(end.length > 0 && { killed: true }) });
    return { status: shown.status ?? 'cancelled', ...(shown.reason !== undefined && { reason: shown.reason }), goals, markdown, record: shown, planErrors: [], ...(shown.escalation && { escalation: shown.escalation }) };
  };
  const told = reportOf(record);
  const comment = await finishComment(settings, context, told, all);
  // As the main step decides it: a pause the comment does not show is failed, not left to an /approve that cannot find it.
  const unshown = await unshownPause(told, comment);
  const report = unshown === undefined ? told : reportOf({ ...record, status: 'failed', reason: unshown });
  await completeLeftCheckRun(settings, context, report);
  if (!context.reported) await writeReport(report, paths.report, io, redact);
  if (!context.escalationTold) await tellLeftEscalation(settings, report, { ...context, commentKept: comment?.keptSuperseded() ?? false });
  return true;
}

/**
 * A main step killed before its run's plan (its MCP servers starting, the model writing the plan), and before its
 * reports, left a trace with no plan in it and an open check run: no step ran, and the run is reported cancelled,
 * its check run completed as such (a required check stuck in progress blocks merges). `planning`: what the calls
 * that wrote no plan yet cost, from the trace's `model_used` lines, which the report's cost table shows.
 */
async function finishUnstartedRun(settings: ActionSettings, context: KilledRunContext, paths: { readonly trace: string; readonly report: string }, planning?: Usage): Promise<boolean> {
  const { io, redact } = context;
  const outcome = { kind: 'rejected' as const, errors: [], cancelled: 'the run was starting, when the main step ended (killed on cancel, timeout or out of memory, or crashed)', ...(planning && { usage: planning }) };
  const report = finalReport(outcome, { planPath: settings.planPath, tracePath: paths.trace, redact });
  io.warning('The main step ended before its run started (while the plan was loaded or written): no step ran; the run is reported as cancelled.');
  await finishUnreadComment(settings, context, report);
  await completeLeftCheckRun(settings, context, report);
  await writeReport(report, paths.report, io, redact);
  return true;
}

/**
 * A killed main step whose run the post step cannot tell from its trace (missing, unreadable, or holding no
 * run of this step's): no step is made up, but the run is reported cancelled, saying its record is not known
 * here: in the summary and the report file, in the PR comment (left at ⏳ before, found by a review), and in
 * the check run it left in progress (a required check stuck there blocks merges for good). When the main step
 * wrote its reports and was killed before it completed the check run (found by a review), the summary has
 * its verdict and stays; the check run, which does not, fails closed. True when it wrote the reports. `replaced`:
 * the trace is a later step's run of the same plan, whose PR comment and report file are left to it.
 */
async function endUnreadRun(settings: ActionSettings, context: KilledRunContext, why: string, replaced = false): Promise<boolean> {
  const { io, redact } = context;
  if (context.reported) {
    const reason = 'the main step wrote its reports (the job summary has its verdict) but ended before it completed this check run (killed on cancel, timeout or out of memory, or crashed)';
    await completeLeftCheckRun(settings, context, cancelledReport(settings.planPath, reason, redact));
    return false;
  }
  const reason = `the main step ended before it wrote its reports (killed on cancel, timeout or out of memory, or crashed), and ${why}: what the run did is not known here, and the job log shows what it did until it ended`;
  const report = cancelledReport(settings.planPath, reason, redact);
  io.warning(`The main step ended before it wrote its reports, and ${why}: the run is reported as cancelled, with no checklist.`);
  // `replaced`: the comment and the report file are the later step's, whose run they report.
  if (!replaced) await finishUnreadComment(settings, context, report);
  await completeLeftCheckRun(settings, context, report);
  if (replaced) await writeReportSummary(report, io);
  else await writeReport(report, jobReportPaths(settings).report, io, redact);
  return true;
}

/** The PR comment's final body, drawn from `events` (none when the run's record is not known) and the report; the comment, once finished, if one was written to. */
async function finishComment(settings: ActionSettings, context: KilledRunContext, report: FinalReport, events: readonly RunEvent[], leaveApproval = false): Promise<LiveComment | undefined> {
  const { io, redact } = context;
  try {
    // A read-only run (a fork's pull request, say) writes no comment (admitRun): nor does its post step, which
    // does not know what the main step was admitted as, and commented there with a token that can write
    // (pull_request_target, a comment on the pull request) (found by an adversarial pass). Asked as the main step
    // asks, and failing closed as it does.
    if (commentTarget(settings).target) {
      const github = context.github ? { github: context.github } : {};
      // Nor for a run the main step would have refused (an outsider's comment or issue), ended before it could:
      // its post step wrote "cancelled" over the plan's comment there, or opened one (found by an adversarial hunt).
      const trigger = await authorizeRun(settings, github);
      if (!trigger.allowed) {
        io.info(`No PR comment: who started this run may not start one (${trigger.reason}), so the main step wrote none.`);
        return undefined;
      }
      const readOnly = await readOnlyReason(settings, github);
      if (readOnly !== undefined) {
        io.info(`No PR comment: the run is read-only (${readOnly}).`);
        return undefined;
      }
    }
    const leave = leaveApproval && { leaveApproval, ...(context.answerRecorded && { answerRecorded: true }) };
    // An approved run's comment names its paused commit and is left to a newer commit's run, as the main step's is.
    const head = context.pausedHeadSha !== undefined && { headSha: context.pausedHeadSha };
    // As the main step's comment said it: the run it resumed, and what it reused (drawn from the record).
    const resumed = context.resumedFrom !== undefined && { resumedFrom: context.resumedFrom };
    const comment = await liveComment(settings, { github: context.github, io, redact, clock: context.clock, final: () => report, ...(context.commentIntervalMs !== undefined && { minIntervalMs: context.commentIntervalMs }), ...leave, ...head, ...resumed });
    for (const event of events) comment?.listener(event);
    await comment?.finish(report.goals);
    return comment;
  } catch (error) {
    io.warning(`Could not finish the PR comment: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/**
 * The comment of a run whose record is not known says how it ended, over the live state it was left at. A
 * fanned-out run's jobs share one comment, which such a report replaces whole: a shard job's is left to the
 * others (the merge job writes the run's end). A prepare or merge job's end is the run's (no job writes after
 * a killed prepare job, which they need, nor after the merge job): its comment, left at ⏳ for good before,
 * says the run was cancelled.
 * So is one that holds an approval (a run waits there, or an answer was recorded): the report has no marker,
 * and the main step may never have taken that comment over (a comment event's run killed before it refused).
 * But an `/approve` run that recorded its answer there took the comment over (`answerRecorded`): the paused
 * run no longer waits in it, and left as it was it showed ⏳ for good (or the paused run's ⏸️, which no
 * `/approve` answers any more). Its report keeps the answer; a comment where a run waits again is still left.
 */
async function finishUnreadComment(settings: ActionSettings, context: KilledRunContext, report: FinalReport): Promise<void> {
  if (settings.fanOut?.part !== 'shard') await finishComment(settings, context, report, [], true);
}

/** With `check-run: true`, the check run the killed step left in progress (a required check stuck there blocks merges) ends as the report does. */
async function completeLeftCheckRun(settings: ActionSettings, context: KilledRunContext, report: FinalReport): Promise<void> {
  const [owner, repo] = settings.github.repository?.split('/') ?? [];
  const { runUrl } = settings.github;
  const headSha = context.pausedHeadSha ?? settings.github.headSha;
  // A prepare or shard job opens none (the merge job reports the goals).
  if (!settings.checkRun || (settings.fanOut && settings.fanOut.part !== 'merge') || !context.github || !owner || !repo || !headSha || !runUrl) return;
  const job = checkRunJob(settings.env);
  const check = await leftCheckRun(context.github, { owner, repo, name: await checkRunName(settings), headSha, detailsUrl: runUrl, ...(context.checkRunId !== undefined && { id: context.checkRunId }), ...(job && { job }) }, context.io.warning, { clock: context.clock });
  if (!check) return;
  await check.complete(await checkRunResult(report, checkConclusion(report, settings.failOnUnmetGoals), context.redact, runUrl, settings.github.repositoryUrl));
}
