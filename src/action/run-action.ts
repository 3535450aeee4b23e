import { rmSync } from 'node:fs';
import type { GitHubClient } from '../github/create-octokit.ts';
import type { RateBudget } from '../github/rate-budget.ts';
import { isInternalFailure, redactedPlanError } from '../plan/plan-error.ts';
import type { FrozenPins } from '../plan/schema.ts';
import type { ToolWithholding, ValidPlan } from '../plan/valid-plan.ts';
import { frozenPlanText } from '../plan/frozen-plan.ts';
import { frozenPlanFileProblem } from '../plan/frozen-plan-file-problem.ts';
import { writeAnnotations } from '../report/annotations.ts';
import { planLines } from '../report/plan-lines.ts';
import { consoleChecklist } from '../report/console-checklist.ts';
import { goalLogLine } from '../report/goals-table.ts';
import { planGates } from '../goals/goals-verdict.ts';
import type { Redactor } from '../core/redact.ts';
import type { Clock } from '../core/clock.ts';
import type { OptionNames } from '../core/option-names.ts';
import type { ApprovalPlace, RunListener } from '../core/run-event.ts';
import { eventTarget } from '../github/event-target.ts';
import { toolsetGitHubContext } from '../github/toolset-github-context.ts';
import { runJob, type JobDeps, type JobOutcome } from '../job/run-job.ts';
import { actionOutputs, type ActionOutputs } from './action-outputs.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { admitRun, type AdmissionDeps } from './admit-run.ts';
import { checkoutElsewhere } from './checkout-elsewhere.ts';
import { checkRunJob, startCheckRun, type CheckRun } from './check-run.ts';
import { checkRunName } from './check-run-name.ts';
import { checkRunResult, internalErrorResult } from './check-run-output.ts';
import { finalReport, type FinalReport, type FinalReportContext } from '../report/final-report.ts';
import { checkConclusion, jobFailure } from './job-failure.ts';
import { addEscalationLabel, personNeeded, removeEscalationLabel, speaksThere, tellEscalation } from './escalation-notice.ts';
import { runCommitOf } from './superseded-commit.ts';
import { closeEscalationIssue, escalationIssueContext, openEscalationIssue } from './escalation-issue.ts';
import { ESCALATION_TOLD_STATE } from './left-escalation.ts';
import { liveComment, unshownPause } from './live-comment.ts';
import { approvalUnreachable, commentTarget } from './comment-target.ts';
import { COMMENT_INTERVAL_MS } from '../report/comment/comment-updater.ts';
import { refuseRun } from './refuse-run.ts';
import { renderReadOnlyNote } from '../report/refused-report.ts';
import { renderFanOutNote } from '../report/fan-out-note.ts';
import { planFileErrors } from '../report/rejected-report.ts';
import { jobReportPaths, resumesInPlace } from './report-paths.ts';
import { readResumeTrace, traceEvents, type ResumeTrace } from '../run/read-resume-trace.ts';
import path from 'node:path';
import { errorText } from '../core/error-text.ts';
import type { FanOutPart } from '../run/fan-out-part.ts';
import type { StepWeights } from '../run/start-order.ts';
import { stepWeightsFromTrace } from '../run/trace-step-weights.ts';
import { shardMatrix } from '../state/fan-out-states.ts';
import { loadFanOutStates, ownTracePart } from './fan-out-state.ts';
import { approvalCommand, malformedApprovalCommand } from './approval-command.ts';
import { answeredPause, findWaitingRun, recordAnswer, waitingRunHolds, type RecordedAnswer } from './waiting-run.ts';
import { rejectRun } from './reject-run.ts';
import { REPORTED_STATE, writeReport } from './write-report.ts';
import type { ApprovalGrant } from '../job/grant-approval.ts';
import { earlierAttemptState, RESUMED_IN_PLACE_STATE, saveRunState, statePart, traceDigest, UNSAVABLE_TRACE_STATE } from './saved-state.ts';
import { warmWhenIdle, type RunStateStore } from '../state/run-state-store.ts';
import { stepLogGroups } from './step-log-groups.ts';
import { closeTrace, openTrace } from '../report/open-trace.ts';
import { TRACE_STARTED_STATE } from './trace-started.ts';
import { markTraceGapped } from '../core/trace-gap.ts';
import { writeReportFile } from '../report/write-report-file.ts';

/** The post step's state name for the paused pull request commit an approved run continues: its check run and comment are for it. */
export const PAUSED_HEAD_STATE = 'pausedHeadSha';
/** The post step's state name for the id of the check run the main step opened (`leftCheckRun` finds it by it). */
export const CHECK_RUN_STATE = 'checkRunId';
/** The post step's state name for the id of the PR comment the main step wrote (`stopLeftComment` ends it when nothing else can). */
export const COMMENT_STATE = 'commentId';
/** Saved once a run that resumes its own trace in place has opened it (truncated it for its own events). */
export const TRACE_OPENED_STATE = 'traceOpened';
/**
 * Saved once an `/approve` run has recorded its answer in the paused run's comment: from then on the comment
 * reports this run (the paused one no longer waits there), and a killed step's post step finishes it.
 */
export const ANSWER_RECORDED_STATE = 'answerRecorded';
/** The post step's state name for the run this one resumes, as the PR comment names it (`attempt 1`): a killed step's post step says it too. */
export const RESUMED_FROM_STATE = 'resumedFrom';

export interface ActionDeps {
  /** The runner's channels, already redacting. */
  readonly io: ActionIO;
  readonly redact: Redactor;
  readonly clock: Clock;
  /** Aborted on SIGINT/SIGTERM: the run is cancelled and its final state still reported. */
  readonly signal?: AbortSignal;
  /** Undefined without a token: no comment, no check run. */
  readonly github?: GitHubClient;
  /** What `github`'s answers say of its rate limit (see `createOctokit`): the live comment paces itself by it. */
  readonly rateBudget?: RateBudget;
  /** Builds the model client; tests pass one that talks to a local server. */
  readonly createModel?: JobDeps['createModel'];
  /**
   * Where run state is saved and found again (`state: artifact`): the Actions artifact service in a
   * job; undefined where there is none (a local run), and the run then keeps only its trace file.
   */
  readonly state?: RunStateStore;
  /** Stand-ins for the admission checks' git and permission lookups (tests). */
  readonly admission?: Omit<AdmissionDeps, 'github'>;
  /** Tells the post step a value (GITHUB_STATE): the commit a check run was opened on, when not the event's. */
  readonly saveState?: (name: string, value: string) => void;
  /**
   * Least time between two writes of the PR comment (default 1 s, as GitHub asks of serial writes); a
   * shard of N waits N times this. Tests that do not check the spacing pass 0, and wait for no clock.
   */
  readonly commentIntervalMs?: number;
  /** Opens the trace; tests play one the runner may not open. */
  readonly openTrace?: typeof openTrace;
}

/** What the job ended with; `published` settles once the comment and the check run are final. */
export interface ActionResult {
  readonly outputs: ActionOutputs;
  /** Why the job fails, or undefined when it passes. */
  readonly failure?: string;
  /** The final comment and check run: bounded in time, never rejects. */
  readonly published: Promise<void>;
}

interface JobExtras {
  readonly withhold?: ToolWithholding;
  readonly resume?: readonly ResumeTrace[];
  readonly fanOut?: FanOutPart;
  readonly stepWeights?: StepWeights;
  /** A person's approval of the paused run `resume` holds. */
  readonly approve?: ApprovalGrant;
  /** Why `command` goals cannot be checked in this checkout (an approving or pull_request_target job's, for another commit). */
  readonly commandGoalsRefused?: string;
  /** The pull request commit the run is for when the event names none: an approved run's is the paused run's. */
  readonly headSha?: string;
  /** Why no `/approve` could reach a run paused here (see `approvalUnreachable`). */
  readonly approvalUnreachable?: string;
  /** Where a pause is shown: the live comment's pull request or issue, and the commit (see `ApprovalRequest.at`). */
  readonly askedAt?: ApprovalPlace;
}

/** What to give `resume-from` instead of a path with no file: the action has no `--trace`. */
const RESUME_FROM_MISSING =
  "give it the trace output of an earlier step of this job, or a trace you downloaded (the run's state artifact, with actions/download-artifact); a re-run of a job resumes from its own saved state without it (state: artifact, resume: auto)";

/** What to give `weights-from` instead of a file that is no trace: the action has no `--trace`. */
const WEIGHTS_FROM_REMEDY = "give it the trace output of an earlier run of this plan (a step's of this job, or the run's state artifact, downloaded with actions/download-artifact), or leave it out";

/** The task and the modes as the action's inputs, for messages that say what to change. */
const ACTION_OPTION_NAMES: OptionNames = { task: 'the task input', agent: 'mode: agent', notAgent: 'with mode: run', fresh: 'start a new run of the workflow (not a re-run), or re-run the job with resume: never and no resume-from' };

async function safeRunJob(settings: ActionSettings, deps: JobDeps, octokit: GitHubClient | undefined, extras: JobExtras): Promise<JobOutcome> {
  const { withhold, resume, fanOut, stepWeights, approve, commandGoalsRefused, headSha, approvalUnreachable, askedAt } = extras;
  try {
    return await runJob(
      {
        ...(settings.planFile ? { planFile: settings.planFile } : {}),
        ...(settings.task ? { task: settings.task } : {}),
        inputs: settings.inputs,
        ...(settings.emptyInputs && { emptyInputs: settings.emptyInputs }),
        cwd: settings.workspace,
        env: settings.env,
        model: settings.model,
        mode: settings.mode === 'plan' || settings.mode === 'agent' ? settings.mode : 'run',
        github: toolsetGitHubContext(settings.github, octokit, headSha),
        ...(withhold && { withhold }),
        ...(resume && resume.length > 0 && { resume }),
        ...(fanOut && { fanOut }),
        ...(stepWeights && { stepWeights }),
        ...(approve && { approve }),
        ...(commandGoalsRefused !== undefined && { commandGoalsRefused }),
        ...(approvalUnreachable !== undefined && { approvalUnreachable }),
        ...(askedAt && { askedAt }),
        optionNames: ACTION_OPTION_NAMES,
      },
      deps,
    );
  } catch (error) {
    // runJob should never throw; if it does, the job still ends with a report that says so, and not as a
    // plan rejected before any step ran: it may come after steps ran (a bundle missing the regex engine's file).
    return { kind: 'rejected', errors: [{ path: '', message: error instanceof Error ? error.message : String(error), internal: true }] };
  }
}

async function openCheckRun(settings: ActionSettings, deps: ActionDeps, pausedHeadSha?: string): Promise<CheckRun | undefined> {
  if (!settings.checkRun) return undefined;
  // A prepare or shard job's end is not the run's: the merge job reports the goals as the check run.
  if (settings.fanOut && settings.fanOut.part !== 'merge') return undefined;
  // A read-only run writes nothing to the repository: its job summary is its report. Not even tried, since a fork's
  // `pull_request` token is refused, and the 403 said to grant `checks: write`, which the workflow had (found by a
  // new-user walkthrough); `pull_request_target`'s token could write one, and the warning said it could not (a hunt).
  if (settings.readOnly) {
    deps.io.warning(`check-run is true, but the run is read-only (${settings.readOnly}), and a read-only run writes no check run, as it writes no comment: its job summary is its only report (and on pull_request, a fork's token could not create one anyway). Require this job (its status reports the verdict) rather than the check run.`);
    return undefined;
  }
  const [owner, repo] = settings.github.repository?.split('/') ?? [];
  // An approved run (an issue_comment event, whose own commit is the default branch's) reports on the pull request commit the paused run was for.
  const headSha = pausedHeadSha ?? settings.github.headSha;
  if (!deps.github || !owner || !repo || !headSha) {
    deps.io.warning('check-run is true, but there is no github-token, repository or commit to attach a check run to; the job status still reports the result.');
    return undefined;
  }
  const detailsUrl = settings.github.runUrl;
  const job = checkRunJob(settings.env);
  return startCheckRun(deps.github, { owner, repo, name: await checkRunName(settings), headSha, ...(detailsUrl ? { detailsUrl } : {}), ...(job && { job }) }, deps.io.warning, { clock: deps.clock });
}

/**
 * `mode: plan`: writes the plan as a frozen file that `mode: run` runs as written, and loads it back as that job will:
 * its path, or nothing (a warning says why), or why the file would not run as planned, which fails this job: it is
 * never handed on to the job its reviewers approve.
 */
async function writeFrozenPlan(planned: { readonly plan: ValidPlan; readonly frozen: FrozenPins }, file: string, settings: ActionSettings, io: ActionIO, redact: Redactor): Promise<{ readonly file?: string; readonly problem?: string }> {
  const unwritten = await writeReportFile(file, await frozenPlanText(planned.plan, settings.planPath, { redact, pins: planned.frozen }));
  if (unwritten) {
    io.warning(`${unwritten.message}; there is no plan-file output.`);
    return {};
  }
  const { model, timeoutSeconds } = settings.model;
  const problem = await frozenPlanFileProblem(file, planned.plan, redact, { root: settings.workspace, ...(model && { model }), ...(timeoutSeconds !== undefined && { modelTimeoutSeconds: timeoutSeconds }) });
  if (problem !== undefined) {
    // Removed too: a workflow that uploads the output folder, not the plan-file output, handed it on (found by a review).
    rmSync(file, { force: true });
    return { problem: `the frozen plan file ${file} would not run as planned: ${problem}. It is removed and is not the plan-file output, so no job runs it: change what the message names (a value the run hides as a secret is written *** there), or report it to plan-runner with the plan` };
  }
  io.info(`Wrote the frozen plan to ${file} (output plan-file): mode: run runs it exactly as written.`);
  return { file };
}

/**
 * Runs the plan as a GitHub Action: the checklist and a group per step in the log, a trace file,
 * the live PR comment and the check run when asked; then, however the run ended, the job summary
 * and report file, annotations, and the outputs and verdict for the job.
 */
export async function runAction(given: ActionSettings, deps: ActionDeps): Promise<ActionResult> {
  const { io, redact } = deps;
  // When this job began, on the wall clock GitHub's times are on: an escalation issue updated since is not this run's to close.
  const startedAt = Date.now();
  // Resuming in place: `resume-from` names this run's own trace file (its path depends on the plan path and run key only).
  const ownTrace = jobReportPaths(given).trace;
  const inPlace = resumesInPlace(given);
  // A trace an earlier step of this job left at this plan's path (the same plan run twice) is not this
  // run's: were this step killed before its own trace opens (admission, a download), the post step would
  // report that earlier run's end as this one's. Kept when it is the trace to resume.
  if (!inPlace) {
    try {
      rmSync(ownTrace, { force: true });
    } catch {
      // Not a file (a folder in its place): opening the trace says so.
    }
  }
  // Before anything is written or any model is called: may this event start a run, and how.
  const admission = await admitRun(given, { ...(deps.github ? { github: deps.github } : {}), ...deps.admission });
  if (!admission.admitted) return refuseRun(given, admission.reason, deps);
  const readOnly = admission.readOnly;
  // A read-only run (a fork's pull request, say: `readOnly.why`): its output goes to the summary only.
  const settings: ActionSettings = readOnly ? { ...given, comment: 'never', readOnly: readOnly.why } : given;
  if (readOnly) io.info(`Read-only run: ${readOnly.why}; tools with side effects and command tools not marked fork_safe are withheld.`);
  // Loaded only for eval: it brings the scripted model server (node:http) with it.
  if (settings.mode === 'eval') return (await import('./run-eval-action.ts')).runEvalAction(settings, deps, readOnly?.withhold);
  const paths = jobReportPaths(settings);
  // Read before the new trace is opened: `resume-from` may name the same file.
  const resume = settings.resumeFrom === undefined ? undefined : await readResumeTrace(settings.resumeFrom, RESUME_FROM_MISSING);
  if (resume && !resume.ok) return refuseRun(given, `resume-from: ${resume.problem}`, deps);
  // A file that is no trace is refused here, naming the input, as a missing one is: the job said "cannot resume" on the
  // plan file's annotation, and to give "the --trace file", which the action has none of (found by a hunt of the inputs).
  const events = resume?.ok ? traceEvents(resume.trace, { thisFormatOnly: true }) : undefined;
  if (events && !events.ok) return refuseRun(given, `resume-from: ${events.problem}`, deps);
  // What a post step needs to save this run's state after the earlier step's, were this step killed.
  const resumedInPlace = inPlace && resume?.ok ? traceDigest(Buffer.from(resume.trace.text, 'utf8')) : undefined;
  if (resumedInPlace !== undefined) deps.saveState?.(RESUMED_IN_PLACE_STATE, resumedInPlace);
  // `/approve` or `/reject` on a pull request or issue: the paused run it answers, found through plan-runner's own comment.
  const malformed = malformedApprovalCommand(settings.github);
  if (malformed) return refuseRun(given, malformed, deps);
  const answer = approvalCommand(settings.github);
  if (readOnly && answer) return refuseRun(given, `approvals are not taken in a read-only run, and this one is: ${readOnly.why}. A run on a fork's pull request never pauses. Nothing was changed`, deps);
  const command = readOnly ? undefined : answer;
  // A run that answers nothing on a comment event must not take over the comment of a run that waits, while
  // that run can still be answered: one whose saved state is gone (expired) no longer holds the comment (a review
  // found a pull request stuck for good, every comment refused). One this job cannot reach (no `actions: read`) holds it.
  const waits = !command && settings.github.eventName === 'issue_comment' ? await waitingRunHolds(settings, deps) : undefined;
  // Whether a run waits could not be read (a review found a GitHub that could not say who the token is read as
  // "none waits": this run then wrote its own state over the waiting run's comment): nothing runs.
  if (waits && 'unread' in waits) {
    return refuseRun(given, `could not tell whether a run of ${settings.planPath} waits for approval here: ${waits.unread}. Nothing ran, so a waiting run's comment is not taken over; re-run this job once GitHub answers`, deps);
  }
  if (waits?.holds) {
    const unread = waits.problem === undefined ? '' : ` (this job cannot reach its state: ${waits.problem})`;
    return refuseRun(given, `a run of ${settings.planPath} waits for approval here (approval ${waits.hash})${unread}: answer it with /approve or /reject alone on the first line of a new comment (/reject ends it, if it is no longer wanted). Nothing ran, and its comment is left as it is`, deps);
  }
  if (waits) io.info(`The run of ${settings.planPath} that waited for approval here (approval ${waits.hash}) can no longer be answered (${waits.problem}); this run goes on, and its comment replaces that one.`);
  if (command?.app) return refuseRun(given, `/${command.kind}: @${command.by} is an app, and an approval needs a person with write access; nothing was changed`, deps);
  const waiting = command && (await findWaitingRun(settings, deps, command.kind));
  if (command && waiting && !waiting.ok) return refuseRun(given, `/${command.kind}: ${waiting.problem}`, deps);
  const answered = waiting?.ok ? waiting.run : undefined;
  // The answer is in the comment before anything acts on it (and after every refusal that needs no plan): a later /approve then finds the run answered.
  // A re-run of the job that recorded it (`continues`) finds it there already.
  const recordIt = async (): Promise<RecordedAnswer | undefined> =>
    answered && !answered.continues && command && deps.github
      ? recordAnswer(deps.github, answered, { state: command.kind === 'approve' ? 'approved' : 'rejected', by: command.by, ...(command.commentId !== undefined && { commentId: command.commentId }), ...(settings.github.runId !== undefined && { answerRunId: settings.github.runId }) })
      : undefined;
  if (command?.kind === 'reject' && answered) {
    const rejected = await recordIt();
    if (rejected && !rejected.ok) return refuseRun(given, `/${command.kind}: ${rejected.problem}`, deps);
    return rejectRun(settings, answered, command.by, deps);
  }
  // A re-run of the job: the newest earlier attempt's saved state, when there is one.
  const earlier = answered ? ({ ok: true } as const) : await earlierAttemptState(settings, deps.state, io, statePart(settings));
  if (!earlier.ok) return refuseRun(given, `resume: ${earlier.problem}`, deps);
  // A re-run of a paused job whose pause was answered since (found by an adversarial pass): it would ask again over the answer.
  // Any re-run, resumed or not (`resume: never` runs from the start and would ask again as well).
  const answeredAlready = (settings.github.attempt ?? 1) > 1 && !command && deps.github ? await answeredPause(settings, deps.github) : undefined;
  if (answeredAlready) return refuseRun(given, answeredAlready, deps);
  // An earlier attempt's state before `resume-from`: that attempt went on from the same trace (`earlierAttemptState`).
  const resumeTrace = answered?.trace ?? earlier.earlier?.trace ?? resume?.trace;
  const approve = answered && command ? { hash: answered.hash, by: command.by, ...(answered.continues && { continues: true as const }) } : undefined;
  let stepWeights: StepWeights | undefined;
  try {
    stepWeights = settings.weightsFrom === undefined ? undefined : await stepWeightsFromTrace(settings.weightsFrom, WEIGHTS_FROM_REMEDY);
  } catch (error) {
    return refuseRun(given, `weights-from: ${errorText(error)}`, deps);
  }
  // A job of a fanned-out run starts from the states the other jobs of this workflow run saved.
  const fanOut = settings.fanOut;
  let fanOutTraces: readonly ResumeTrace[] = [];
  let shards: number | undefined;
  if (fanOut) {
    if (settings.state !== 'artifact') return refuseRun(given, `mode ${fanOut.part} passes state between the jobs as workflow artifacts: remove state: off`, deps);
    if (!deps.state) return refuseRun(given, `mode ${fanOut.part} passes state between the jobs as workflow artifacts, and no artifact service is available here; run it as a step of a GitHub Actions job`, deps);
    const loaded = await loadFanOutStates(deps.state, fanOut, settings, path.join(settings.outputDir, 'state'), settings.resume === 'auto', settings.github.attempt);
    if (!loaded.ok) return refuseRun(given, loaded.problem, deps);
    fanOutTraces = loaded.traces;
    shards = loaded.shards;
    if (loaded.parts.length > 0) io.info(`Building on the saved state of ${loaded.parts.map((state) => `${state.part} (attempt ${state.attempt})`).join(', ')}.`);
  }
  const fanOutPart: FanOutPart | undefined = fanOut && (fanOut.part === 'prepare' ? { ...fanOut, ...(stepWeights && { weights: stepWeights }) } : fanOut);
  const recorded = await recordIt();
  if (command && recorded && !recorded.ok) return refuseRun(given, `/${command.kind}: ${recorded.problem}`, deps);
  if (recorded?.ok || answered?.continues) deps.saveState?.(ANSWER_RECORDED_STATE, 'true');
  // Resuming in place: opened at the run's first event, so a resume the job refuses leaves the trace it
  // was to resume as it was.
  // The post step takes a trace resumed in place for this run's only once this run opened it (`TRACE_OPENED_STATE`).
  // And takes a trace for this run's only when its first line is this run's (`TRACE_STARTED_STATE`): a later step
  // of the job that runs the same plan writes its trace at the same path before a killed step's post step runs.
  const trace = (deps.openTrace ?? openTrace)(paths.trace, redact, io.warning, {
    openOnFirstEvent: inPlace,
    ...(inPlace && deps.saveState && { onOpen: () => deps.saveState!(TRACE_OPENED_STATE, 'true') }),
    ...(deps.saveState && { onStart: (ts: string) => deps.saveState!(TRACE_STARTED_STATE, ts) }),
  });
  // The comment's last body needs the final status (goals included), known only at the end.
  const ending: { report?: FinalReport } = {};
  // Saved for the post step: a killed step's comment, which it finishes, said it until then (found by a review: the line went).
  const resumedFrom = answered
    ? answered.continues
      ? `attempt ${answered.continues.attempt}, approved by @${command!.by}`
      : `run ${answered.runId}, approved by @${command!.by}`
    : earlier.earlier
      ? `attempt ${earlier.earlier.attempt}`
      : undefined;
  if (resumedFrom !== undefined) deps.saveState?.(RESUMED_FROM_STATE, resumedFrom);
  const comment = await liveComment(settings, {
    github: deps.github,
    ...(deps.rateBudget && { rateBudget: deps.rateBudget }),
    io,
    redact,
    clock: deps.clock,
    final: () => ending.report,
    ...(trace && { beforeRender: () => trace.flush() }),
    ...(resumedFrom !== undefined && { resumedFrom }),
    ...(answered?.headSha && { headSha: answered.headSha }),
    ...(answered && { pausedRunId: answered.runId }),
    // N shard jobs write the one comment at once: each waits N s between writes, so together they write about once a second.
    minIntervalMs: (deps.commentIntervalMs ?? COMMENT_INTERVAL_MS) * (fanOut?.part === 'shard' && shards !== undefined ? shards : 1),
    ...(deps.saveState && { onWritten: (id: number) => deps.saveState!(COMMENT_STATE, String(id)) }),
  });
  const check = await openCheckRun(settings, deps, answered?.headSha);
  // Where no comment shows a pause, a plan that may pause is refused before anything runs: it could only wait for good.
  const unreachable = approvalUnreachable(commentTarget(settings), deps.github !== undefined);
  // An approving job (issue_comment) and a pull_request_target job run on the base branch's checkout, and their
  // result goes on a pull request's commit: a command goal run here would check other code than that commit's.
  const elsewhere = checkoutElsewhere(settings, answered?.headSha);
  // A killed main step's post step completes the check run it left and finishes the comment: for this commit, not the event's.
  if (answered?.headSha) deps.saveState?.(PAUSED_HEAD_STATE, answered.headSha);
  if (check?.id !== undefined) deps.saveState?.(CHECK_RUN_STATE, String(check.id));
  try {
    // A prepare or shard job checks no goals: the merge job does.
    const goalsElsewhere = settings.fanOut && settings.fanOut.part !== 'merge' ? { goalsCheckedBy: 'the merge job' } : {};
    const listeners: RunListener[] = [consoleChecklist({ write: io.write, isTTY: false, redact, ...goalsElsewhere }), stepLogGroups(io, redact)];
    if (trace) listeners.push(trace.listener);
    if (comment) listeners.push(comment.listener);
    // The artifact client loads while the run waits on its steps, not after them (see RunStateStore.warm).
    if (trace && settings.state === 'artifact' && deps.state) listeners.push(warmWhenIdle(deps.state));
    const outcome = await safeRunJob(settings, {
      listeners,
      clock: deps.clock,
      redact,
      ...(deps.signal ? { signal: deps.signal } : {}),
      ...(deps.createModel ? { createModel: deps.createModel } : {}),
      onListenerError: (error) => io.warning(`A report listener failed: ${error instanceof Error ? error.message : String(error)}`),
      warn: io.warning,
      ...(trace && { recordProblem: () => trace.problem() }),
    }, deps.github, {
      ...(readOnly?.withhold && { withhold: readOnly.withhold }),
      // A trace a fanned-out job is given (`resume-from`) is read as its own earlier state: a merge takes no item
      // from it (another run-key's whole run made a merge with a failed item pass), a shard no shard plan.
      resume: [...fanOutTraces, ...(resumeTrace ? [fanOut ? { ...resumeTrace, fanOutPart: ownTracePart(fanOut) } : resumeTrace] : [])],
      ...(fanOutPart && { fanOut: fanOutPart }),
      ...(stepWeights && { stepWeights }),
      ...(approve && { approve }),
      ...(elsewhere !== undefined && { commandGoalsRefused: elsewhere }),
      ...(answered?.headSha && { headSha: answered.headSha }),
      ...(unreachable !== undefined && { approvalUnreachable: unreachable }),
      ...(comment && { askedAt: comment.place }),
    });
    const traced = await closeTrace(trace, io.warning);
    // Saved whatever the end (failed, cancelled, escalated): a re-run continues from here, and the next jobs of a fanned-out run start from it.
    // A trace whose writer failed (a full disk) lacks its last events, a call with side effects among them:
    // it ends in a gap line, which every resume refuses. Appended to the trace itself (one line where a copy
    // needs the whole file's room again), so whatever saves it later, a post step too, saves the mark with it.
    // When not even that line can be written, the trace is never saved: the post step is told so.
    const marked = trace && !traced ? markTraceGapped(paths.trace, 'the trace writer failed; the events after the failure are missing') : true;
    const stateFile = marked ? paths.trace : undefined;
    if (trace && !traced) io.warning(stateFile ? "The run's trace is incomplete: its last line says so, in the file and in the state saved from it, and a re-run will not resume from it (resume: never starts afresh)." : "The run's trace is incomplete and could not be marked so: its state is not saved.");
    if (trace && !stateFile) deps.saveState?.(UNSAVABLE_TRACE_STATE, 'true');
    const part = statePart(settings);
    const saving = trace && stateFile ? saveRunState(settings, deps.state, stateFile, io, { ...(part && { part }), ...(deps.saveState && { saveState: deps.saveState }), ...(resumedInPlace !== undefined && { resumedInPlace }) }) : Promise.resolve(undefined);
    // A prepare or shard job whose state is lost has done its work for nothing: the jobs after it cannot start.
    const lostState = fanOut && fanOut.part !== 'merge' && !(await saving) ? `this job's state could not be saved, so the ${fanOut.part === 'prepare' ? 'shard' : 'merge'} jobs cannot build on it (see the warning above); re-run this job` : undefined;
    // A plan whose writing passed a budget fails the job, as a run would: no file is handed on for a job to run (found by
    // an adversarial pass: plan-file was set, and the log said mode: run runs it as written).
    const frozenFile = outcome.kind === 'planned' && !outcome.stopped ? await writeFrozenPlan(outcome, paths.frozenPlan, settings, io, redact) : undefined;
    if (outcome.kind === 'planned' && outcome.stopped) io.info('No frozen plan file is written: writing the plan passed a budget (see the failure), so there is no plan-file output.');
    const failedAfter = lostState ?? frozenFile?.problem;
    const unsaved = failedAfter && `plan-runner: ${failedAfter}`;

    const readOnlyNote = readOnly ? renderReadOnlyNote(readOnly.why, outcome.kind === 'rejected' ? outcome.plan?.withheld : outcome.plan.withheld) : '';
    const fanOutNote = fanOut ? renderFanOutNote(fanOut.part === 'prepare' ? fanOut : { ...fanOut, ...(shards !== undefined && { shards }) }) : '';
    const notes = `${readOnlyNote}${fanOutNote}`;
    const reportContext: FinalReportContext = { ...(settings.planFile ? { planFile: settings.planFile } : {}), planPath: settings.planPath, root: settings.workspace, tracePath: paths.trace, redact, ...(notes && { notes }), ...(settings.fanOut && { fannedOut: true }), ...((!trace || !traced) && { traceLost: true }), ...(failedAfter && { failedAfter }), ...(frozenFile?.file !== undefined && { frozenPlanWritten: true }) };
    const told = finalReport(outcome, reportContext);
    ending.report = told;
    // Told of a pause for approval too: a person is needed as for an escalation.
    const escalate = outcome.kind === 'ran' ? outcome.plan.source.escalate : undefined;
    const mention = outcome.kind === 'ran' && outcome.status === 'awaiting-approval' ? escalate?.mention : undefined;
    const escalationTarget = readOnly ? undefined : eventTarget(settings.github.eventName, settings.github.payload, settings.github.repository);
    // An approval refused before anything ran puts the paused run's comment back as it was: it still waits.
    // Not after plan-runner's own failure, which may come after steps of the approved run ran.
    const commented = approve && outcome.kind === 'rejected' && !isInternalFailure(outcome.errors) ? recorded?.ok && recorded.undo().then((problem) => problem && io.warning(problem)) : comment?.finish(told.goals);
    // A pause the comment does not show can be found by no /approve (found by an adversarial pass: it waited for good).
    const unshown = await unshownPause(told, comment, commented);
    const report = unshown === undefined ? told : finalReport(outcome, { ...reportContext, failedAfter: unshown });
    // A run a newer push superseded neither labels the pull request nor pings anyone there: the newer commit's run speaks
    // for it. Asked once the comment's final write is done: one that found no run of the newer commit had written the
    // comment finished it as this run's, and this run speaks there still.
    const tellMention = report.escalation?.mention ?? mention;
    const github = deps.github;
    const speaks =
      escalationTarget && github
        ? Promise.resolve(commented)
            .catch(() => undefined)
            .then(() => speaksThere(github, escalationTarget, runCommitOf(escalationTarget, settings.github.payload, answered?.headSha), { label: report.escalation?.label, mention: tellMention }, io.info, comment?.keptSuperseded() ?? false))
        : Promise.resolve(false);
    // Told once these settle: a post step that finishes this run, killed later, does not tell it again.
    const escalationTold = Promise.allSettled([
      escalationTarget && deps.github && speaks.then((speak) => (speak ? addEscalationLabel(deps.github!, escalationTarget, report.escalation, io.warning) : undefined)),
      // The live comment only ever gains the mention, or says the run waits for approval, by an edit, which notifies
      // no one: a comment of its own tells them, once the live comment shows the escalation or the pause (found by
      // adversarial passes).
      escalationTarget && deps.github && tellMention
        ? Promise.all([Promise.resolve(commented).catch(() => undefined), speaks])
            .then(([, speak]) => {
              if (!speak) return undefined;
              const need = personNeeded(report.escalation, { mention, ...(report.record?.approval && { request: report.record.approval }), ...(comment && { pause: comment.newPause() }) });
              return tellEscalation(deps.github!, escalationTarget, need, { planPath: settings.planPath, ...(settings.github.runUrl && { runUrl: settings.github.runUrl }) }, redact, io.warning);
            })
        : undefined,
      // No pull request or issue to speak on (a schedule, a dispatch): an issue says a person is needed.
      !readOnly && !escalationTarget && deps.github && report.escalation && (report.escalation.mention || report.escalation.label) && settings.github.repository
        ? openEscalationIssue(deps.github, escalationIssueContext(settings, report.record?.plan?.name), report.escalation, redact, io.warning, io.info)
        : undefined,
      // A run that succeeded no longer needs the person an earlier escalation called: its label comes off, its issue closes.
      // Only the whole run's success: a fanned-out run's prepare or shard job succeeds before anything is judged (found
      // by a review: a prepare job closed the issue). A run a newer push superseded leaves the label to that push's run.
      escalate && !readOnly && deps.github && report.status === 'succeeded' && (!settings.fanOut || settings.fanOut.part === 'merge')
        ? escalationTarget
          ? removeEscalationLabel(deps.github, escalationTarget, escalate.label, { payload: settings.github.payload, headSha: runCommitOf(escalationTarget, settings.github.payload, answered?.headSha) }, io.warning, io.info)
          : settings.github.repository && closeEscalationIssue(deps.github, escalationIssueContext(settings, report.record?.plan?.name), startedAt, io.warning, io.info)
        : undefined,
    ]).then(() => report.escalation && deps.saveState?.(ESCALATION_TOLD_STATE, 'true'));
    // Network writes start first and run while the local reports are written.
    const published = Promise.allSettled([
      saving,
      commented,
      check && checkRunResult(report, checkConclusion(report, settings.failOnUnmetGoals), redact, settings.github.runUrl, settings.github.repositoryUrl).then((result) => check.complete(result)),
      escalationTold,
    ]).then(() => undefined);

    for (const error of report.planErrors) io.info(redactedPlanError(error, redact));
    for (const goal of report.goals) io.info(goalLogLine(goal));
    const reported = await writeReport(report, paths.report, io, redact);
    deps.saveState?.(REPORTED_STATE, 'true');
    // The lines of the steps and goals annotated: the file is read again only when there is one.
    const annotated = report.goals.some((goal) => goal.severity === 'required' && goal.outcome !== 'met') || [...(report.record?.steps.values() ?? [])].some((step) => step.state === 'failed');
    const textHash = outcome.kind === 'rejected' ? undefined : outcome.plan.fileTextHash;
    const lines = settings.planFile && annotated && textHash !== undefined ? await planLines(settings.planFile, textHash) : undefined;
    writeAnnotations(
      {
        planErrors: planFileErrors(report.planErrors, settings.planPath),
        ...(report.record ? { record: report.record } : {}),
        goals: report.goals,
        ...(settings.planFile ? { planFile: settings.planPath } : {}),
        ...(lines && { lines }),
        failOnUnmetGoals: settings.failOnUnmetGoals,
        written: io.written(),
        redact,
      },
      io.annotate,
    );
    const gate = outcome.kind === 'rejected' ? undefined : planGates(outcome.plan);
    const failure = jobFailure(report, settings.failOnUnmetGoals, gate, redact) ?? unsaved;
    // The log ended on "Goal not met" error annotations over a job that passed, and said nothing of why.
    if (!failure && report.status === 'goals-unmet') io.info('The goals are not all met, and the job passes: fail-on-unmet-goals is false, so unmet goals only report (the check run, if any, concludes neutral).');
    const planFile = frozenFile?.file;
    const outputs = actionOutputs(report, { report: reported ? paths.report : '', trace: trace ? paths.trace : '', ...(planFile && { planFile }) }, redact);
    // The shard and merge jobs are given this state by its id (`prepared`): no other job can stand in for it.
    const savedState = fanOut?.part === 'prepare' ? await saving : undefined;
    const matrix = fanOut?.part === 'prepare' ? { matrix: shardMatrix(fanOut.shards), ...(savedState && { prepared: String(savedState.id) }) } : {};
    // Fail closed: a prepare or shard job checked no goal, so it never says they were met.
    const unjudged = fanOut && fanOut.part !== 'merge' ? { 'goals-met': 'false' as const } : {};
    // The job fails when its state was lost, though its steps succeeded: `status` says so too.
    const lost = unsaved && !jobFailure(report, settings.failOnUnmetGoals, gate, redact) ? { status: 'failed' as const } : {};
    return { outputs: { ...outputs, ...matrix, ...unjudged, ...lost }, ...(failure ? { failure } : {}), published };
  } catch (error) {
    // plan-runner itself broke after the check run started: it must not stay in progress, blocking a merge.
    if (check) await check.complete(await internalErrorResult(error, redact, settings.github.runUrl, settings.github.repositoryUrl));
    throw error;
  }
}
