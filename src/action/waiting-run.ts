import { describeGitHubFailure, readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import path from 'node:path';
import type { RunEvent } from '../core/run-event.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import { eventTarget, type IssueTarget } from '../github/event-target.ts';
import { issueCommentApi, UnknownIdentityError } from '../report/comment/comment-api.ts';
import { commentMarker } from '../report/comment/comment-marker.ts';
import { CommentWriteError } from '../report/comment/comment-write-error.ts';
import { oversizedState, readResumeTrace, traceEvents, type ResumeTrace } from '../run/read-resume-trace.ts';
import { pastRetention, type RunStateStore, type StateArtifact } from '../state/run-state-store.ts';
import { clashProblem, newestStates, type SavedState } from '../state/newest-states.ts';
import type { StatePlan } from '../state/state-artifact-name.ts';
import { eventRepository, sameRepository, type RepositoryRef } from '../security/fork-pull-request.ts';
import { keyedPlanId } from './run-key.ts';
import type { ActionSettings } from './action-settings.ts';
import { answerFor, forwardMarker, readApprovalMarker, withApprovalMarker, type ApprovalMarker } from './approval-marker.ts';
import { commandIn } from './approval-command.ts';
import type { ActionIO } from './action-io.ts';
import { answeredHere, approvedRerun, spentAnswer, type HeldAnswer } from './approved-rerun.ts';
import { commentHead } from './superseded-commit.ts';

/** A paused run an `/approve` or `/reject` answers: its saved state and the hash it asked with. */
export interface WaitingRun {
  readonly runId: number;
  readonly hash: string;
  readonly trace: ResumeTrace;
  /** The saved trace's events, read once. */
  readonly events: readonly RunEvent[];
  /** plan-runner's comment that says the run waits, as read: the answer is recorded there first. */
  readonly comment: { readonly target: IssueTarget; readonly id: number; readonly body: string };
  /** The pull request commit the paused run was for (from that comment's hidden head line): the approved run's check run goes on it. */
  readonly headSha?: string;
  /**
   * Set for a re-run of the `/approve` job that recorded the answer and went on with it: `trace` is that job's own
   * earlier attempt's state (`attempt`), which holds the approval, and the answer is not recorded again.
   */
  readonly continues?: { readonly attempt: number };
}


export type WaitingRunResult = { readonly ok: true; readonly run: WaitingRun } | { readonly ok: false; readonly problem: string };

/** The newest saved state of the whole plan (no fanned-out part) among a run's artifacts. */
function newestState(artifacts: readonly StateArtifact[], plan: StatePlan): SavedState | undefined {
  return newestStates(artifacts, plan, (part) => part === undefined)[0];
}

/**
 * Finds the run of this plan that waits for approval on the commented pull request or issue: through
 * the hidden marker in plan-runner's own comment there (only a comment the token's identity wrote
 * counts: anyone can post a marker), then that run's saved state, downloaded across runs.
 */
/** The longest wait before the comments are listed again after a failure GitHub may get over. */
const MAX_LIST_WAIT_MS = 10_000;

/** The pull request or issue of the event, and plan-runner's own comments for this plan there (the oldest first). */
function planComments(settings: ActionSettings, github: GitHubClient) {
  const target = eventTarget(settings.github.eventName, settings.github.payload, settings.github.repository);
  if (!target) return undefined;
  const api = issueCommentApi(github, target);
  const marker = commentMarker(keyedPlanId(settings));
  // Strict: a comment asking for approval while GitHub cannot say who the token is may be the waiting run's, never "no run waits here".
  return { target, own: () => api.listOwn(marker, { strict: (body) => readApprovalMarker(body)?.state === 'awaiting' }) };
}

/** A run of this plan that waits for approval here (`hash`), and whether it still holds plan-runner's comment. */
export interface WaitingHold {
  readonly hash: string;
  /** False once its saved state is gone: no answer can reach it, and another run may take the comment. */
  readonly holds: boolean;
  /** Why it does not hold, or why this job cannot reach its state while it holds. */
  readonly problem?: string;
}

/**
 * The run that waits for approval on the event's pull request or issue, as far as a comment that answers
 * nothing needs to know, read without downloading its state; undefined when none waits, and `unread` when
 * plan-runner's comments could not be read (a run may wait: fail closed). Such a comment must not take the comment over while the run holds it (found by an
 * adversarial pass: `/approve <hash>` ran the plan afresh, wrote its own pause over the waiting one, and the
 * pull request's check stayed `action_required` for good), and may once its state is gone (not listed, or
 * older than this job's retention: the service lists expired artifacts still).
 */
export async function waitingRunHolds(settings: ActionSettings, deps: { readonly github?: GitHubClient; readonly state?: RunStateStore }): Promise<WaitingHold | { readonly unread: string } | undefined> {
  const waiting = await waitingState(settings, deps);
  if (!waiting.ok && waiting.unread) return { unread: waiting.problem };
  if (!waiting.ok) return waiting.hash === undefined ? undefined : { hash: waiting.hash, holds: !waiting.gone, problem: waiting.problem };
  const { marker, found } = waiting;
  // Judged by this job's retention, which the paused run may not have used: only here, where the cost of a wrong
  // guess is a lost pause (its check stays closed), never for /approve or /reject, whose download decides.
  if (pastRetention(found.artifact, settings.stateRetentionDays)) {
    return { hash: marker.hash, holds: false, problem: `the saved state of run ${marker.runId} (${found.artifact.name}) is older than its ${settings.stateRetentionDays} day${settings.stateRetentionDays === 1 ? '' : 's'} of retention (state-retention-days): it has expired` };
  }
  return { hash: marker.hash, holds: true };
}

/**
 * `hash`: set once the comment is known to name a waiting run (the approval it asks for); `gone`: that run's
 * saved state is no longer listed, so no answer can reach it.
 */
type WaitingFailure = { readonly ok: false; readonly problem: string; readonly gone?: true; readonly hash?: string; readonly unread?: true; readonly answered?: HeldAnswer };
type PlanComments = NonNullable<ReturnType<typeof planComments>>;
type WaitingFound = {
  readonly ok: true;
  readonly own: Awaited<ReturnType<PlanComments['own']>>;
  readonly target: PlanComments['target'];
  readonly marker: Extract<ApprovalMarker, { readonly state: 'awaiting' }>;
  readonly found: SavedState;
  readonly advice: string;
};

/** The comment's waiting marker and the newest saved state of its run, as far as they can be found without a download. */
/** A pull request or issue in words: `pull request #5`, `issue #9`. */
function threadName(where: { readonly kind: 'pull_request' | 'issue'; readonly number: number }): string {
  return `${where.kind === 'pull_request' ? 'pull request' : 'issue'} #${where.number}`;
}

async function waitingState(settings: ActionSettings, deps: { readonly github?: GitHubClient; readonly state?: RunStateStore }): Promise<WaitingFailure | WaitingFound> {
  const comments = deps.github && planComments(settings, deps.github);
  if (!comments) return { ok: false, problem: 'an approval comment needs the pull request or issue it was made on and a github-token to read its comments' };
  const { target } = comments;
  const where = threadName(target);
  let own;
  try {
    // Once more after a failure GitHub may get over (5xx, timeout, rate limit): a second later, or when its
    // retry-after says, up to 10 s (a longer wait is refused now: the job is re-run later).
    own = await comments.own().catch(async (error: unknown) => {
      const wait = error instanceof CommentWriteError ? Math.max(1000, error.retryAfterMs ?? 0) : 0;
      if (!(error instanceof CommentWriteError && error.transient && !(error.cause instanceof UnknownIdentityError)) || wait > MAX_LIST_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
      return comments.own();
    });
  } catch (error) {
    const problem = `cannot read the comments of ${where} to find the run that waits (${error instanceof Error ? error.message : String(error)})`;
    // Refused for good (no permission to read them, no such pull request): this token can see no run waiting, nor take a comment over.
    if (error instanceof CommentWriteError && !error.transient && !(error.cause instanceof UnknownIdentityError)) return { ok: false, problem };
    return { ok: false, unread: true, problem };
  }
  const marker = own[0] && readApprovalMarker(own[0].body);
  if (!marker) return { ok: false, problem: `no run of ${settings.planPath} waits for approval on ${where}: plan-runner's comment for it asks for none` };
  if (marker.state !== 'awaiting') {
    const head = commentHead(own[0]!.body);
    const answered: HeldAnswer = { marker, comment: { target, id: own[0]!.id, body: own[0]!.body }, ...(head && { headSha: head }) };
    // What to do instead: an approved run that failed goes on by a re-run of its own job, not by another answer. Only
    // the job the comment names goes on (`answeredHere`): with none named (an earlier plan-runner's answer), the advice
    // to re-run it was refused as "already approved" in turn (found by a review).
    const instead =
      marker.state === 'approved'
        ? marker.answerRunId === undefined
          ? ". plan-runner's comment does not name the workflow run the approval started (an earlier plan-runner recorded it), so a re-run of that run's jobs is refused too; to run the plan anyway, start a new workflow run of the pull request: it asks anew, and after an approval runs the approved steps again, side effects included"
          : `. If the approved run failed, re-run its failed jobs (workflow run ${marker.answerRunId}): it goes on from what it did. A new workflow run of the pull request asks anew, and runs the approved steps again, side effects included`
        : '. To run the plan anyway, start a new workflow run of the pull request: it asks anew';
    return { ok: false, answered, problem: `the run of ${settings.planPath} on ${where} was already ${marker.state}${marker.by ? ` by @${marker.by}` : ''} (approval ${marker.hash}); nothing more runs for it${instead}` };
  }
  const { hash } = marker;
  if (!deps.state) {
    return { ok: false, hash, problem: `the state of run ${marker.runId} cannot be read here: approving needs the Actions artifact service (state: artifact, inside a GitHub Actions job)` };
  }
  const advice = 'the github-token needs `actions: read`, and the state artifact must not have expired (state-retention-days)';
  let found;
  try {
    found = newestState(await deps.state.list(marker.runId), settings);
  } catch (error) {
    return { ok: false, hash, problem: `cannot list the saved states of run ${marker.runId} (${error instanceof Error ? error.message : String(error)}); ${advice}` };
  }
  if (!found) return { ok: false, hash, problem: `run ${marker.runId} has no saved state of ${settings.planPath}; ${advice}`, gone: true };
  if (found.clashed) return { ok: false, hash, problem: `the saved state of run ${marker.runId} is not read: ${clashProblem(found, settings)}` };
  const oversized = oversizedState(found.artifact.size);
  if (oversized) return { ok: false, hash, problem: `the saved state of run ${marker.runId} (${found.artifact.name}) is not read: ${oversized}` };
  return { ok: true, own, target, marker, found, advice };
}

/**
 * Why workflow run `runId` is not one whose saved state an approval may read: a run of a fork's code (a fork's
 * pull request runs in the base repository, and its code can upload an artifact under a state's name), or one
 * GitHub cannot say is this repository's (fail closed). Undefined for a run of this repository's own branches.
 * The marker naming the run is in a comment the token wrote, but another workflow of the repository posting as
 * the same bot can be made to copy one (see the README): with a fork's run, its saved state was the fork's
 * own, with any steps on the plan's tools and a matching hash (found by an adversarial hunt). A real paused run
 * is never a fork's: a fork's run is read-only and writes no comment.
 */
async function foreignRun(github: GitHubClient, settings: Pick<ActionSettings, 'github'>, runId: number): Promise<string | undefined> {
  const [owner, repo] = settings.github.repository?.split('/') ?? [];
  if (!owner || !repo) return `run ${runId} cannot be told to be this repository's (no repository is known here)`;
  // By id where the event has one: a re-run keeps its event's names, and since a rename another repository may hold it.
  const repository = eventRepository(`${owner}/${repo}`, settings.github.payload);
  let head: RepositoryRef | null | undefined;
  try {
    head = (await github.rest.actions.getWorkflowRun({ owner, repo, run_id: runId })).data.head_repository;
  } catch (error) {
    return `cannot ask GitHub whether run ${runId} ran this repository's code (${describeGitHubFailure(readGitHubFailure(error))}); the github-token needs \`actions: read\``;
  }
  if (sameRepository(head, repository)) return undefined;
  const ids = typeof head?.id === 'number' && typeof repository.id === 'number' ? ` (id ${head.id}, not ${repository.id})` : '';
  return `run ${runId} ran ${typeof head?.full_name === 'string' ? `the code of ${head.full_name}${ids}` : 'the code of a repository that no longer exists'}, not of ${owner}/${repo}: the state an approval continues must be a run of this repository's own branches`;
}

export async function findWaitingRun(
  settings: ActionSettings,
  deps: { readonly github?: GitHubClient; readonly state?: RunStateStore; readonly io: ActionIO },
  kind: 'approve' | 'reject',
): Promise<WaitingRunResult> {
  const waiting = await waitingState(settings, deps);
  // A re-run of the /approve job that recorded the answer: it goes on from its own earlier attempt.
  if (!waiting.ok && waiting.answered && answeredHere(settings, waiting.answered.marker, kind)) return approvedRerun(settings, deps, waiting.answered);
  if (!waiting.ok) return waiting;
  const { own, target, marker, found, advice } = waiting;
  // A re-run of the job whose earlier attempt went on with this comment's answer: the comment answered that request.
  const spent = await spentAnswer(settings, deps.state!, kind, marker);
  if (spent !== undefined) return { ok: false, problem: spent };
  const foreign = await foreignRun(deps.github!, settings, marker.runId);
  if (foreign !== undefined) return { ok: false, problem: `${foreign}; nothing was changed` };
  let file: string;
  try {
    file = await deps.state!.download(found.artifact, path.join(settings.outputDir, 'approval'), marker.runId);
  } catch (error) {
    return { ok: false, problem: `cannot download the saved state of run ${marker.runId} (${found.artifact.name}: ${error instanceof Error ? error.message : String(error)}); ${advice}` };
  }
  const read = await readResumeTrace(file);
  if (!read.ok) return { ok: false, problem: `the saved state of run ${marker.runId} cannot be read (${read.problem})` };
  // Of this plan-runner's format only: `@v1` may have moved since the pause, and a state of another format is
  // refused as that before the answer is written into the comment (found by an adversarial pass).
  const parsed = traceEvents({ ...read.trace, label: `the state run ${marker.runId} saved` }, { thisFormatOnly: true });
  if (!parsed.ok) return { ok: false, problem: `the saved state of run ${marker.runId} cannot be read (${parsed.problem})` };
  // Checked before the answer is written into the comment: a state that asks for another approval answers nothing.
  const asked = parsed.events.findLast((event) => event.type === 'approval_requested');
  if (asked?.type !== 'approval_requested' || asked.request.hash !== marker.hash) {
    return { ok: false, problem: `the state run ${marker.runId} saved (attempt ${found.attempt}) does not ask for the approval ${marker.hash} the comment names; nothing was changed` };
  }
  // An answer is to the question its writer saw: a newer run of the plan that paused since rewrote the comment, and an
  // /approve written before that pause would approve arguments its writer never read.
  const askedAt = Date.parse(String((asked as { ts?: unknown }).ts));
  const comment = (settings.github.payload as { comment?: { created_at?: unknown } } | undefined)?.comment;
  const answeredAt = Date.parse(String(comment?.created_at));
  // Fail closed: an answer whose time or question's time cannot be read is not taken as the later one.
  if (Number.isNaN(askedAt) || Number.isNaN(answeredAt)) {
    return { ok: false, problem: `when this comment was written (${JSON.stringify(comment?.created_at ?? null)}) or when run ${marker.runId} asked for approval ${marker.hash} cannot be read, so whether it answers that question cannot be told; nothing was changed` };
  }
  if (answeredAt < askedAt) {
    return { ok: false, problem: `this comment was written at ${new Date(answeredAt).toISOString()}, before run ${marker.runId} asked for approval ${marker.hash} at ${new Date(askedAt).toISOString()}: it answers an earlier question; read plan-runner's comment as it is now and answer again` };
  }
  // Where the run asked, as its own state says: a comment of the same bot can be made to copy the marker into another
  // thread (another workflow echoing an outsider's text), and an /approve there ran the paused run's steps, unseen by
  // its writer, and passed a check run on the commit the copy named (found by an adversarial hunt).
  const at = asked.request.at;
  if (at && (at.kind !== target.kind || at.number !== target.number)) {
    return { ok: false, problem: `run ${marker.runId} asked for approval ${marker.hash} on ${threadName(at)}, not on ${threadName(target)}: a comment here that names it answers nothing; answer on ${threadName(at)}` };
  }
  const shown = commentHead(own[0]!.body);
  if (at?.headSha !== undefined && shown !== undefined && shown !== at.headSha) {
    return { ok: false, problem: `plan-runner's comment names commit ${shown}, but run ${marker.runId} paused for commit ${at.headSha}; nothing was changed` };
  }
  const head = at?.headSha ?? shown;
  return {
    ok: true,
    run: {
      runId: marker.runId,
      hash: marker.hash,
      trace: { ...read.trace, label: `the state run ${marker.runId} saved (attempt ${found.attempt})` },
      events: parsed.events,
      comment: { target, id: own[0]!.id, body: own[0]!.body },
      ...(head && { headSha: head }),
    },
  };
}

/**
 * For a re-run of a paused job: why it must not run, when plan-runner's comment holds the answer to this
 * very workflow run's approval request (an `/approve` or `/reject` answered it, and the approving run did
 * the rest). Run again, it would pause at the same steps and ask again: the comment would show "awaiting
 * approval" over the approved run's result, and a check run `action_required` over its success.
 * Undefined when there is no such answer, or the comment cannot be read (the run then goes on as before).
 */
export async function answeredPause(settings: ActionSettings, github: GitHubClient): Promise<string | undefined> {
  const comments = planComments(settings, github);
  const runId = settings.github.runId;
  if (!comments || runId === undefined) return undefined;
  const own = await comments.own().catch(() => undefined);
  const marker = answerFor(own?.[0] && readApprovalMarker(own[0].body), runId);
  if (!marker) return undefined;
  const by = marker.by ? ` by @${marker.by}` : '';
  return marker.state === 'approved'
    ? `this workflow run's request for approval was already approved${by} (approval ${marker.hash}), and the run that /approve started ran the approved steps; a re-run would only ask again, so nothing runs here. See plan-runner's comment and that run; to run the plan anew, start a new workflow run`
    : `this workflow run's request for approval was already rejected${by} (approval ${marker.hash}); nothing runs for it. To run the plan anew, start a new workflow run`;
}

export type RecordedAnswer = { readonly ok: true; readonly undo: () => Promise<string | undefined> } | { readonly ok: false; readonly problem: string };

/**
 * Writes the answer into plan-runner's comment before anything acts on it: the comment is the one
 * place a later `/approve` (or a re-run of this job) learns the run was answered. Acting first and
 * recording after could leave the comment still waiting (a write that failed, a killed job), and the
 * next `/approve` would run the approved steps, side effects included, again. Fail closed: when it
 * cannot be written, nothing runs. `undo` puts the comment back (an approval refused before
 * anything ran); it says what went wrong, or undefined.
 */
export async function recordAnswer(
  github: GitHubClient,
  run: WaitingRun,
  answer: { readonly state: 'approved' | 'rejected'; readonly by: string; readonly commentId?: number; readonly answerRunId?: number },
): Promise<RecordedAnswer> {
  const { target, id, body } = run.comment;
  // Forwarded: the answers the waiting marker keeps for earlier paused runs (an approving run that paused again) stay.
  const marker = forwardMarker({ state: answer.state, hash: run.hash, by: answer.by, runId: run.runId, ...(answer.answerRunId !== undefined && { answerRunId: answer.answerRunId }) }, body);
  const answered = marker && withApprovalMarker(body, marker);
  if (answered === undefined) return { ok: false, problem: `plan-runner's comment no longer holds the approval it asked for (approval ${run.hash}); nothing ran` };
  const api = issueCommentApi(github, target);
  const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  const verb = answer.state === 'approved' ? 'approve' : 'reject';
  const withdrawn = await withdrawnAnswer(api, answer.commentId, verb, message);
  if (withdrawn !== undefined) return { ok: false, problem: withdrawn };
  // Read again just before the write: the comment was read before the paused run's state was downloaded, and a
  // newer commit's run of the plan may have written it since. Written blind, the answer put the old pause back over
  // that run's comment (its result, or its own pause, lost), and the old pause's steps ran (found by an adversarial
  // hunt). GitHub has no conditional update: this narrows the gap to one read and one write.
  let now: string | undefined;
  try {
    now = await againOnFailure(() => api.read(id), RECORD_ATTEMPTS);
  } catch (error) {
    return { ok: false, problem: `could not read plan-runner's comment again before recording /${verb} (${message(error)}); nothing ran. Comment again` };
  }
  if (now !== body) {
    return {
      ok: false,
      problem: `plan-runner's comment ${now === undefined ? 'is gone' : 'changed since this job read it (another run of the plan wrote it since)'}, so /${verb} is not recorded and nothing ran: read the comment as it is now, and answer again if a run still waits there`,
    };
  }
  try {
    // Written again when a write fails: one that timed out may still land (GitHub carries requests out
    // after the client gave up), and the comment would then say answered with nothing run. The same
    // body written again is recorded for certain; a read-back after the last failure catches the rest.
    await againOnFailure(() => api.update(id, answered), RECORD_ATTEMPTS);
  } catch (error) {
    if (await landed(api, run.comment, answered)) return { ok: true, undo: undoTo(api, id, body, answered, answer.state, message) };
    return {
      ok: false,
      problem: `could not record /${verb} in plan-runner's comment (${message(error)}), so a later /approve could run the same steps again; nothing ran. ${error instanceof CommentWriteError ? `${refusalAdvice(error, '`pull-requests: write` and `issues: write`')} ` : ''}Then comment again`,
    };
  }
  return { ok: true, undo: undoTo(api, id, body, answered, answer.state, message) };
}

/**
 * Why the person's comment no longer gives the answer this job was started for, or undefined when it still does.
 * The job may start minutes after the comment (it waits for a runner, and behind another answer in its
 * concurrency group): an `/approve` deleted or edited away in that time, its writer having thought better of it,
 * still ran the steps (found by an adversarial pass). Fail closed: a comment that cannot be read is no answer.
 */
async function withdrawnAnswer(api: ReturnType<typeof issueCommentApi>, commentId: number | undefined, verb: 'approve' | 'reject', message: (error: unknown) => string): Promise<string | undefined> {
  if (commentId === undefined) return `the event names no comment to read the /${verb} from again; nothing was changed`;
  let now: string | undefined;
  try {
    now = await againOnFailure(() => api.read(commentId), RECORD_ATTEMPTS);
  } catch (error) {
    return `could not read the /${verb} comment again before recording it (${message(error)}); nothing was changed. Comment again`;
  }
  if (now === undefined) return `the /${verb} comment was deleted before this job could record it, so it answers nothing; nothing was changed`;
  if (commandIn(now) !== verb) return `the /${verb} comment was edited since it was posted and no longer says /${verb} alone on its first line, so it answers nothing; nothing was changed. To answer, post /approve or /reject in a new comment`;
  return undefined;
}

/** Writes of an answer into the comment, one second apart (GitHub asks for a second between writes). */
const RECORD_ATTEMPTS = 3;

/** `request`, made again a second later after a failure GitHub may get over, up to `attempts` times in all. */
async function againOnFailure<T>(request: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      // A refusal (no permission, a comment gone) is final: writing again changes nothing.
      if (attempt >= attempts || (error instanceof CommentWriteError && !error.transient)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Whether plan-runner's comment now holds `answered` (read back after a write that failed). */
async function landed(api: ReturnType<typeof issueCommentApi>, comment: WaitingRun['comment'], answered: string): Promise<boolean> {
  try {
    const marker = answered.split('\n', 1)[0]!;
    return (await api.listOwn(marker)).some((own) => own.id === comment.id && own.body === answered);
  } catch {
    return false;
  }
}

/**
 * Puts the comment back to `body` (waiting) while it still holds `answered`, what this job wrote: another run of the
 * plan (a newer commit's) may have written it since, and its comment is left as it wrote it, not replaced by the old
 * pause (found by an adversarial hunt).
 */
function undoTo(api: ReturnType<typeof issueCommentApi>, id: number, body: string, answered: string, state: string, message: (error: unknown) => string): () => Promise<string | undefined> {
  return async () => {
    try {
      const now = await api.read(id);
      if (now !== answered) return `plan-runner's comment is not put back to waiting: another run wrote it since this job recorded ${state} (or it is gone), and it is left as that run wrote it; nothing ran here`;
      await api.update(id, body);
      return undefined;
    } catch (error) {
      return `could not put plan-runner's comment back to waiting (${message(error)}): it says ${state} though nothing ran; run the plan again to ask anew`;
    }
  };
}
