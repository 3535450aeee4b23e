import type { ApprovalPlace } from '../core/run-event.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import type { RateBudget } from '../github/rate-budget.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { issueCommentApi } from '../report/comment/comment-api.ts';
import { commentMarker } from '../report/comment/comment-marker.ts';
import { bodyHolds, drawShared } from '../report/comment/shared-comment-state.ts';
import { createCommentUpdater, type CommentUpdater } from '../report/comment/comment-updater.ts';
import { escalationMentionLine } from './escalation-notice.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../report/comment/render-comment.ts';
import { cutMarkdown } from '../report/cut-text.ts';
import type { Redactor } from '../core/redact.ts';
import type { Clock } from '../core/clock.ts';
import type { RunRecord } from '../core/run-record.ts';
import { loadNeutraliser } from '../security/load-neutraliser.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import { commentTarget, pauseUnshown } from './comment-target.ts';
import { keyedPlanId } from './run-key.ts';
import { besideWhy, commentWriterLine, commentWriterOf, readCommentWriter, writesBeside, type CommentWriter } from './comment-writer.ts';
import { commentHead, pullRequestHead, runCommitOf, supersededAt, type Superseded } from './superseded-commit.ts';
import { ANSWER_ROOM_CHARS, answeredNote, answerFor, approvalMarkerLine, approvalMarkerOf, forwardMarker, readApprovalMarker, type ApprovalMarker } from './approval-marker.ts';
import type { FinalReport } from '../report/final-report.ts';
import { reusedWork } from '../report/reused-work.ts';

export interface LiveCommentContext {
  readonly github?: GitHubClient;
  readonly io: ActionIO;
  readonly redact: Redactor;
  readonly clock: Clock;
  /** The job's final report once known: its status (goals included) replaces the run's own. */
  readonly final: () => FinalReport | undefined;
  /** The earlier run this one resumes (`attempt 1`): the comment says so, with the steps it reused. */
  readonly resumedFrom?: string;
  /** Least time between this job's writes (default COMMENT_INTERVAL_MS); a shard job of N waits N s, so a matrix writes about once a second in all. */
  readonly minIntervalMs?: number;
  /**
   * Called before each body is rendered: the run's trace writes out what it holds back, so the
   * comment never shows a step done that the trace (what a killed job's post step and a re-run go by)
   * does not have.
   */
  readonly beforeRender?: () => void;
  /**
   * The pull request commit the run is for when its event does not say: an approving run (an
   * `issue_comment`) continues the paused run of that commit. Its comment keeps the head line, and it
   * leaves the comment to the run of a newer commit as any pull request run does.
   */
  readonly headSha?: string;
  /** For an approving or rejecting run: the paused workflow run it answers, named in the answered marker (see `forwardMarker`). */
  readonly pausedRunId?: number;
  /** What GitHub's answers said of the token's rate limit: the comment writes less often as it runs low. */
  readonly rateBudget?: RateBudget;
  /**
   * Leave a comment that holds an approval marker (a run waits there, or an answer was recorded) as it is: set
   * for a killed run's report whose record is not known, which has no marker to write and would drop that one
   * (found by an adversarial pass: a comment event's run killed before it could refuse left the waiting run
   * nothing for `/approve` to find).
   */
  readonly leaveApproval?: boolean;
  /**
   * With `leaveApproval`: this job recorded an answer in the comment (an `/approve` run), so only a comment
   * where a run waits is left; one holding an answer is finished, and the answer stays in it.
   */
  readonly answerRecorded?: boolean;
  /** Told the comment's id once this job has written it (see `CommentUpdaterOptions.onWritten`). */
  readonly onWritten?: (id: number) => void;
}

/** The commit and workflow run plan-runner's comment shows now (its hidden head and writer lines), each when it names one. */
interface ShownRun {
  readonly head?: string;
  readonly run?: string;
}

/**
 * Whether workflow run `theirs` is newer than `ours`: GitHub numbers a repository's workflow runs in the order they
 * start (every attempt keeps its run's id). Not when either is unknown: the run that would leave the comment may be
 * the newest, and a run that stopped writing at a failed read of the head stayed silent for good (found by a review).
 */
function newerRun(theirs: string | undefined, ours: string | undefined): boolean {
  if (theirs === undefined || ours === undefined || !/^[0-9]{1,19}$/.test(theirs) || !/^[0-9]{1,19}$/.test(ours)) return false;
  return BigInt(theirs) > BigInt(ours);
}

/**
 * The message when the run's commit is no longer the pull request's head (`supersededAt`): a newer push has its own run, whose
 * result this run must not overwrite. `seen` is told the pull request's head. When GitHub cannot say the head (a 5xx, a
 * rate limit: pushes in quick succession spend the token's), the comment read now (`shown`) decides: one that shows a newer
 * workflow run of another commit is left to it, as a superseded run leaves it (found by an adversarial hunt: a superseded run
 * whose head check failed wrote its final state over the newer commit's run, and the comment named the old commit). One that
 * shows an older run, or a run it cannot place, is written: the newest commit's run, finding the last push's comment, left
 * it so for good at one failed read (found by a review of that fix).
 */
function outdatedCheck(github: GitHubClient, target: IssueTarget, headSha: string, ourRun: string | undefined, seen: (superseded: Superseded) => void, shown: () => Promise<ShownRun>): () => Promise<string | undefined> {
  return async () => {
    const head = await pullRequestHead(github, target);
    if (head === undefined) {
      const other = await shown();
      if (other.head === undefined || other.head === headSha || !newerRun(other.run, ourRun)) return undefined;
      return `GitHub could not say the head of #${target.number}, and plan-runner's comment now shows workflow run ${other.run}, newer than this one, for commit ${other.head.slice(0, 7)}, not this run's ${headSha.slice(0, 7)}: it leaves the PR comment to that run. The job summary has this run's record.`;
    }
    const superseded = supersededAt(target, headSha, head);
    if (superseded === undefined) return undefined;
    seen(superseded);
    return `${superseded.message}: it leaves the PR comment to the run for the newer commit. The job summary has this run's record.`;
  };
}

/** `Resumed from attempt 1: 3 steps reused.` */
function resumedNote(from: string, record: RunRecord): string {
  return `Resumed from ${from}: ${reusedWork(record).words || '0 steps'} reused.`;
}

/**
 * A body no longer than `limit` (what GitHub takes, by default). `build` renders the comment with its text
 * fitted to a budget; the neutraliser runs after that and lengthens what it breaks (a mention, a reference,
 * a link made code), so a body over the limit is built again with the budget smaller by the excess, and
 * cut as a last resort.
 */
export function fitComment(build: (maxChars: number) => string, budget: number, limit = COMMENT_MAX_CHARS): string {
  let maxChars = budget;
  for (let attempt = 0; attempt < 4; attempt++) {
    const body = build(maxChars);
    if (body.length <= limit) return body;
    maxChars = Math.max(1024, maxChars - (body.length - limit) - 256);
  }
  return cutMarkdown(build(maxChars), limit);
}

/** The answer `current` holds, for a report with no record of its own that finishes the comment of the `/approve` run that recorded it (`answerRecorded`). */
function keptAnswerOf(answerRecorded: boolean | undefined): (current: string | undefined) => ApprovalMarker | undefined {
  return (current) => {
    const held = answerRecorded && current !== undefined ? readApprovalMarker(current) : undefined;
    return held?.state === 'awaiting' ? undefined : held;
  };
}

/** The live PR comment, and whether it newly shows this workflow run's pause for approval. */
export interface LiveComment extends CommentUpdater {
  /**
   * This workflow run's pause for approval, when this job's last write shows it and the comment did not show it
   * before this job wrote (a re-run of the paused run pausing again is the same pause); else undefined.
   */
  newPause(): { readonly hash: string } | undefined;
  /**
   * Whether an `/approve` can find this workflow run's pause for approval `hash`: this job's last write that GitHub
   * took shows it waiting, the comment held an answer to it when this job left the comment to the run answering, or
   * the comment, read now, shows it waiting (an earlier attempt's write, or the main step's for its post step).
   */
  reachesPause(hash: string): Promise<boolean>;
  /**
   * Whether this job's final write found the pull request moved past the run's commit with no run of the newer commit
   * having written the comment, and so finished it as this run's (`finishOutdated`): no newer run speaks for the pull
   * request, and this one still does, its escalation label and mention included.
   */
  keptSuperseded(): boolean;
  /** Where this comment is, and the commit it is for: where a pause of this run is shown (`ApprovalRequest.at`). */
  readonly place: ApprovalPlace;
}

/**
 * The live PR comment for this plan (one per plan path, found again by its marker), or undefined
 * when the settings and the event call for none — said in the log, as a warning when asked for.
 */
export async function liveComment(settings: ActionSettings, context: LiveCommentContext): Promise<LiveComment | undefined> {
  const { io, redact } = context;
  const decision = commentTarget(settings);
  if (!decision.target || !context.github) {
    const why = decision.target ? 'there is no GitHub client' : decision.why;
    if (decision.target === undefined && decision.warn) io.warning(`No PR comment: ${why}. The job summary has the record.`);
    else io.info(`No PR comment: ${why}.`);
    return undefined;
  }
  const marker = commentMarker(keyedPlanId(settings));
  const runUrl = settings.github.runUrl;
  // The commit the comment is for: named in it, kept in its hidden state, and checked before each write.
  const headSha = runCommitOf(decision.target, settings.github.payload, context.headSha);
  const hiddenHead = headSha ? `\n<!-- plan-runner-head: ${headSha} -->` : '';
  // Once the pull request has moved on and this run finishes its comment after all (`finishOutdated`), the line says so.
  let movedOn: Superseded | undefined;
  let keptSuperseded = false;
  const head = {
    hidden: hiddenHead,
    get line(): string {
      if (!headSha) return '';
      return movedOn === undefined ? `\n\nFor commit ${headSha}.` : `\n\nFor commit ${headSha}, which is no longer the head of the pull request (now ${movedOn.head}).`;
    },
  };
  // Tool and model text in the comment must not ping people, link issues or load images: only the repository's own links stay.
  const outbound = await loadNeutraliser({ allowUrls: settings.github.repositoryUrl ? [settings.github.repositoryUrl] : [] }, redact, 'rendered');
  // A fanned-out run's jobs share the comment: each draws its own steps over the others' of the same workflow run (see shared-comment-state.ts).
  const keptAnswer = keptAnswerOf(context.leaveApproval && context.answerRecorded);
  const part = settings.fanOut?.part;
  const partial = part === 'prepare' || part === 'shard';
  // Which job writes, for another job of this workflow run that writes the same comment: not a fanned-out run's jobs, which share it.
  const writer = part ? undefined : commentWriterOf(settings.env, Date.now());
  let beside: CommentWriter | undefined;
  const writerLine = (): string => (writer ? commentWriterLine({ ...writer, ...(context.final() && { to: Date.now() }) }) : '');
  const besideNote = (): string | undefined => (beside && writer ? `⚠️ ${besideWhy(beside, writer)}` : undefined);
  // A prepare or shard job's own end is not the run's: it never writes "Finished". Except a prepare
  // job that did not succeed: no shard or merge job runs after it (they need it), so its end is the run's.
  // As its final report says: one whose steps succeeded and whose state was lost failed (it stayed at ⏳).
  // And a cancelled shard job: the workflow run was cancelled, most likely, and the merge job (`if: !cancelled()`)
  // never runs, so the comment stayed at ⏳ for good (found by an adversarial pass). Were the merge job to run after
  // all, its final body, the run's whole record, replaces this; a shard still running writes ⏳ again.
  const endsTheRun = (record: RunRecord): boolean => {
    const status = context.final()?.status ?? record.status;
    if (!partial) return true;
    return part === 'prepare' ? status !== undefined && status !== 'succeeded' : status === 'cancelled';
  };
  const ownRecord = (record: RunRecord): RunRecord => (endsTheRun(record) ? record : { ...record, status: undefined, reason: undefined, durationMs: undefined });
  const render = (given: RunRecord, goals: Parameters<typeof renderComment>[1]['goals'], current?: string): string => {
    // The merge job's last word is the run's: its final body is its own, complete record.
    const drawn = part ? drawShared(ownRecord(given), current, redact, part === 'merge' && context.final() !== undefined, settings.github.runId, settings.github.attempt) : { record: given, block: '' };
    const record = drawn.record;
    const final = context.final();
    // A rejected plan, or a run cancelled before its plan was made (no record of a plan, so no name): the report says it.
    if (final && (final.planErrors.length > 0 || record.plan === undefined)) {
      const link = runUrl ? `\n[View the run](${encodeURI(runUrl)})` : '';
      const kept = approvalMarkerLine(keptAnswer(current));
      const shared = besideNote();
      // The link after the cut: cut with the report, a long one's (a rejected plan's, a long plan's preview) lost it (found by a caps hunt).
      const shown = (maxChars: number): string => `${cutMarkdown(`${shared ? `${shared}\n\n` : ''}${final.markdown}`, maxChars - link.length)}${link}`;
      return fitComment((maxChars) => `${marker}${head.hidden}${writerLine()}${kept}\n${outbound(shown(maxChars))}${head.line}${drawn.block}`, COMMENT_MAX_CHARS - 256);
    }
    // The steps have ended, and the goals (a test suite, a judge) are being checked: not finished yet,
    // and not "succeeded" while a required goal may still fail.
    const judging = !final && !partial && record.status !== undefined && record.status !== 'awaiting-approval' && record.goals === undefined;
    const shown = final && endsTheRun(given) ? { ...record, status: final.status, ...(final.reason === undefined ? {} : { reason: final.reason }) } : judging ? { ...record, status: undefined, reason: undefined, durationMs: undefined } : record;
    const notes = [besideNote(), context.resumedFrom === undefined ? undefined : resumedNote(context.resumedFrom, record), judging ? `The steps have ended (${record.status}); the goals are being checked.` : undefined].filter((line) => line !== undefined);
    const note = notes.length > 0 ? notes.join(' ') : undefined;
    // Hidden, for an `/approve` or `/reject` run to find this run's state and what it asked.
    const approvalState = forwardMarker(approvalMarkerOf(shown, settings.github.runId, context.pausedRunId), current);
    const approval = approvalMarkerLine(approvalState);
    // A run waits here: the answer an `/approve` writes into the marker must still fit.
    const limit = COMMENT_MAX_CHARS - (approvalState?.state === 'awaiting' ? ANSWER_ROOM_CHARS : 0);
    const whole = (maxChars: number): string => {
      const body = renderComment(shown, { marker, redact, maxChars, ...(settings.runKey !== undefined && { runKey: settings.runKey }), ...(runUrl ? { runUrl } : {}), ...(goals ? { goals } : {}), ...(note ? { note } : {}) }).slice(marker.length);
      // The plan's own escalate.mention, as code (an edit notifies no one; `tellEscalation` pings): added after the neutraliser.
      return `${marker}${head.hidden}${writerLine()}${approval}${outbound(body)}${head.line}${escalationMentionLine(final?.escalation)}${drawn.block}`;
    };
    return fitComment(whole, limit - 256 - drawn.block.length, limit);
  };
  const budget = context.rateBudget;
  // A write is its PATCH, the pull request's head read before it, and the comment's read (shared, or a job's on a runner).
  const requestsPerWrite = 1 + (headSha ? 1 : 0) + (part || writer ? 1 : 0);
  const runId = settings.github.runId;
  const answered = context.pausedRunId === undefined && runId !== undefined ? (current: string) => answeredNote(readApprovalMarker(current), runId) : undefined;
  const approvalHeld = context.leaveApproval
    ? (current: string) => {
        const held = readApprovalMarker(current);
        if (held === undefined || (context.answerRecorded && held.state !== 'awaiting')) return undefined;
        return "plan-runner's comment holds a run's approval (asked for or answered), which this report has no record of: it is left as it is. The job summary has this run's report.";
      }
    : undefined;
  // What the comment held when this job left it to another run (`yieldTo`).
  let leftTo: string | undefined;
  // The approval the comment held when this job first found it, before any write of this job's.
  let before: { readonly seen: boolean; readonly marker?: ApprovalMarker } = { seen: false };
  const api = issueCommentApi(context.github, decision.target);
  const updater = createCommentUpdater({
    api,
    marker,
    render: (record, goals, current) => {
      if (!before.seen && current !== undefined) before = { seen: true, marker: readApprovalMarker(current) };
      context.beforeRender?.();
      return redact(render(record, goals, current));
    },
    ...(part && { shared: { holds: (record: RunRecord, current: string) => bodyHolds(ownRecord(record), current, redact, settings.github.runId, settings.github.attempt) } }),
    ...(context.minIntervalMs !== undefined && { minIntervalMs: context.minIntervalMs }),
    warn: io.warning,
    info: io.info,
    clock: context.clock,
    ...(headSha && {
      outdated: outdatedCheck(context.github, decision.target, headSha, writer?.run, (superseded) => (movedOn = superseded), async (): Promise<ShownRun> => {
        // Before this job's first write it knows no comment by id: the oldest of its own is the one it would write.
        const id = updater.id();
        const body = id === undefined ? (await api.listOwn(marker).catch(() => []))[0]?.body : await api.read(id).catch(() => undefined);
        if (!body?.startsWith(marker)) return {};
        const head = commentHead(body);
        const run = readCommentWriter(body)?.run;
        return { ...(head && { head }), ...(run && { run }) };
      }),
      // No run of the newer commit has written the comment (it still starts with this run's commit): left at ⏳ it
      // would stay so for good when the newer commit has no run (a path filter, a push by a workflow's token).
      finishOutdated: (current: string) => {
        keptSuperseded = current.startsWith(`${marker}${hiddenHead}`);
        return keptSuperseded ? `No run of the newer commit has written the PR comment, which still shows this run's commit: its final state is written there, saying the commit is no longer the head.` : undefined;
      },
    }),
    // A re-run of a paused job (its run id is the pause's): an /approve may answer that pause while this
    // re-run writes, and its later writes would ask again over the answer (found by an adversarial pass).
    ...(answered && { rereadWhile: (current: string) => readApprovalMarker(current)?.runId === runId }),
    ...((answered || approvalHeld) && {
      yieldTo: (current: string) => {
        const leave = approvalHeld?.(current) ?? answered?.(current);
        if (leave !== undefined) leftTo = current;
        return leave;
      },
    }),
    ...(budget && { pacingMs: () => budget.spacingMs(requestsPerWrite) }),
    ...(context.onWritten && { onWritten: context.onWritten }),
    ...(writer && {
      seen: (current: string) => {
        const theirs = readCommentWriter(current);
        if (beside !== undefined || !writesBeside(theirs, writer, commentHead(current) === headSha)) return;
        beside = theirs;
        io.warning(besideWhy(theirs!, writer));
      },
      readBeforeEachWrite: true,
    }),
  });
  /** The pause of this workflow run that this job's last accepted write shows, if any. */
  const shownPause = (): ApprovalMarker | undefined => {
    const written = updater.written();
    const shown = written === undefined ? undefined : readApprovalMarker(written);
    return shown?.state === 'awaiting' && shown.runId === runId ? shown : undefined;
  };
  const newPause = (): { readonly hash: string } | undefined => {
    const shown = shownPause();
    if (shown === undefined) return undefined;
    const held = before.marker;
    return held?.state === 'awaiting' && held.runId === shown.runId && held.hash === shown.hash ? undefined : { hash: shown.hash };
  };
  /**
   * The comment as it is now shows this workflow run waiting with `hash`, as the approving job reads it: the token's own
   * comment, read by its id. A write of this job's that failed does not mean the comment lacks the pause (found by an
   * adversarial pass: a post step whose rewrite met a 503, and a re-run whose writes all failed, failed a pause the
   * comment showed). Another run's marker, or a read that fails, is not it (fail closed).
   */
  const showsPauseNow = async (hash: string): Promise<boolean> => {
    const id = updater.id();
    if (id === undefined || runId === undefined) return false;
    const body = await api.read(id).catch(() => undefined);
    const shown = body?.startsWith(marker) ? readApprovalMarker(body) : undefined;
    return shown?.state === 'awaiting' && shown.runId === runId && shown.hash === hash;
  };
  const reachesPause = async (hash: string): Promise<boolean> =>
    shownPause()?.hash === hash || (runId !== undefined && leftTo !== undefined && answerFor(readApprovalMarker(leftTo), runId)?.hash === hash) || (await showsPauseNow(hash));
  const place: ApprovalPlace = { kind: decision.target.kind, number: decision.target.number, ...(headSha && { headSha }) };
  return { ...updater, newPause, reachesPause, keptSuperseded: () => keptSuperseded, place };
}

/**
 * Why no `/approve` can reach the run's pause for approval, once the comment's final write (`commented`) is done: the
 * comment (undefined: none) does not show it (a write refused or never answered); undefined when the run did not
 * pause, or the comment shows it. The main step's report and a killed main step's post step's both ask it.
 */
export async function unshownPause(report: Pick<FinalReport, 'status' | 'record'>, comment: LiveComment | undefined, commented?: unknown): Promise<string | undefined> {
  const request = report.status === 'awaiting-approval' ? report.record?.approval : undefined;
  if (request === undefined) return undefined;
  await commented;
  return (await comment?.reachesPause(request.hash)) ? undefined : pauseUnshown(request.hash);
}
