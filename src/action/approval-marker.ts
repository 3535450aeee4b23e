import type { RunRecord } from '../core/run-record.ts';
import { leadingHiddenObject } from './hidden-line.ts';

/** An answer given to paused workflow run `runId` before the comment moved on to another run's pause or answer. */
export interface EarlierAnswer {
  readonly runId: number;
  readonly hash: string;
  readonly state: 'approved' | 'rejected';
  readonly by?: string;
}

/**
 * What the plan's comment says, hidden, about its approval: found again by an `/approve` or `/reject` run.
 * `answered`: the answers to earlier paused runs (the newest last): a re-run of any of them keeps its answer.
 */
export type ApprovalMarker =
  | { readonly state: 'awaiting'; readonly runId: number; readonly hash: string; readonly answered?: readonly EarlierAnswer[] }
  /**
   * `runId`: the paused workflow run the answer is for; a re-run of it (the same run id) keeps the answer.
   * `answerRunId`: the workflow run the answer started (the `/approve` job's); a re-run of it goes on with the answer.
   */
  | { readonly state: 'approved' | 'rejected'; readonly hash: string; readonly by?: string; readonly runId?: number; readonly answerRunId?: number; readonly answered?: readonly EarlierAnswer[] };

/**
 * The most earlier answers a marker keeps: an approving run that pauses again, answered and pausing again in turn,
 * adds one each time, and the marker sits in the comment's body (about 150 characters each).
 */
export const EARLIER_ANSWERS_KEPT = 5;

const PREFIX = '<!-- plan-runner-approval: ';
const SUFFIX = ' -->';

/**
 * The marker for a run's record (`runId`: this workflow run, whose saved state an approving run
 * downloads, or which an answer started; `pausedRunId`: for an answered run, the paused run the answer is for);
 * undefined when there is none.
 */
export function approvalMarkerOf(record: RunRecord, runId: number | undefined, pausedRunId?: number): ApprovalMarker | undefined {
  const decision = record.decision;
  if (record.status === 'awaiting-approval' && record.approval && runId !== undefined) {
    // An approving run that pauses again (a replan's step asks anew) asks for itself: the paused run it went on from
    // keeps its answer, or a re-run of it asked again and a second /approve ran the approved steps twice.
    // `earlierAnswers` also carries this over from the comment's marker; this copy, from the run's record, holds where none is read.
    const continued = pausedRunId !== undefined && decision ? earlierAnswer(pausedRunId, decision.hash, decision.decision, decision.by) : undefined;
    return { state: 'awaiting', runId, hash: record.approval.hash, ...(continued && { answered: [continued] }) };
  }
  if (decision) return { state: decision.decision, hash: decision.hash, ...(decision.by !== undefined && { by: decision.by }), ...(pausedRunId !== undefined && { runId: pausedRunId }), ...(runId !== undefined && { answerRunId: runId }) };
  return undefined;
}

/**
 * The most characters recording an answer adds to a waiting marker: `,"by":"<login>"` for a login of up to 39
 * characters (GitHub's longest) and `,"answerRunId":<run id>` for a run id of up to 16 digits, with room. A waiting
 * comment keeps this much under GitHub's limit, or the `/approve` that writes its answer there is refused, and
 * nothing it approved can run.
 */
export const ANSWER_ROOM_CHARS = 96;

/** The hidden line for a comment: JSON whose values (numbers, hex, logins) cannot end the HTML comment. */
export function approvalMarkerLine(marker: ApprovalMarker | undefined): string {
  if (!marker) return '';
  return `\n${PREFIX}${JSON.stringify(marker).replaceAll('--', '-\\u002d')}${SUFFIX}`;
}

/**
 * `body` (plan-runner's comment) with the marker among its leading hidden lines replaced by
 * `marker`; undefined when it has none there (then it is not a comment a run waits in).
 */
export function withApprovalMarker(body: string, marker: ApprovalMarker): string | undefined {
  const lines = body.split('\n');
  for (const [index, line] of lines.entries()) {
    // As `readApprovalMarker` reads it: the leading hidden lines only.
    if (!line.startsWith('<!-- plan-runner')) break;
    if (line.startsWith(PREFIX)) return [...lines.slice(0, index), approvalMarkerLine(marker).slice(1), ...lines.slice(index + 1)].join('\n');
  }
  return undefined;
}

/**
 * The marker in a comment body that plan-runner itself wrote; undefined when it has none or it is
 * not one of ours. Only the body's leading hidden lines are read (the comment marker, the head, the
 * approval), where plan-runner puts it: a marker inside the text below (a fenced block keeps
 * `<!-- … -->` as written, and tool or model text can hold one) is never taken for it.
 */
export function readApprovalMarker(body: string): ApprovalMarker | undefined {
  const marker = leadingHiddenObject(body, PREFIX, SUFFIX);
  if (marker === undefined) return undefined;
  if (!isApprovalHash(marker.hash)) return undefined;
  const runId = runIdOf(marker.runId);
  const answerRunId = runIdOf(marker.answerRunId);
  // A marker an earlier plan-runner wrote has none: it reads as before.
  const earlier = earlierAnswersIn(marker.answered);
  const answered = earlier.length > 0 ? { answered: earlier } : {};
  if (marker.state === 'awaiting') return runId !== undefined ? { state: 'awaiting', runId, hash: marker.hash, ...answered } : undefined;
  if (marker.state === 'approved' || marker.state === 'rejected') {
    return { state: marker.state, hash: marker.hash, ...(typeof marker.by === 'string' && { by: marker.by }), ...(runId !== undefined && { runId }), ...(answerRunId !== undefined && { answerRunId }), ...answered };
  }
  return undefined;
}

/** A workflow run id as a marker holds one (a positive whole number), or undefined. */
function runIdOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** True for an approval's hash as a marker holds one: 16 to 64 lowercase hex digits. */
function isApprovalHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{16,64}$/.test(value);
}

/** The answer `state` to paused run `runId`'s request for approval of `hash`, by `by` where known. */
function earlierAnswer(runId: number, hash: string, state: EarlierAnswer['state'], by: string | undefined): EarlierAnswer {
  return { runId, hash, state, ...(by !== undefined && { by }) };
}

/** The well-formed earlier answers in a marker's `answered` (others are left out), the newest `EARLIER_ANSWERS_KEPT`. */
function earlierAnswersIn(value: unknown): EarlierAnswer[] {
  if (!Array.isArray(value)) return [];
  const answers: EarlierAnswer[] = [];
  for (const entry of value.slice(-EARLIER_ANSWERS_KEPT) as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const fields = entry as Record<string, unknown>;
    const { hash, state, by } = fields;
    const runId = runIdOf(fields.runId);
    if (runId === undefined || !isApprovalHash(hash) || (state !== 'approved' && state !== 'rejected')) continue;
    answers.push(earlierAnswer(runId, hash, state, typeof by === 'string' ? by : undefined));
  }
  return answers;
}

/**
 * The earlier answers `chosen`, written over `before` in place of `next`, keeps: `before`'s, `before`'s own answer
 * once the comment moves on to another run, then `next`'s; one per run (the newest), the newest `EARLIER_ANSWERS_KEPT`.
 */
function earlierAnswers(chosen: ApprovalMarker, next: ApprovalMarker, before: ApprovalMarker | undefined): EarlierAnswer[] {
  const own = before && before.state !== 'awaiting' && before.runId !== undefined ? [earlierAnswer(before.runId, before.hash, before.state, before.by)] : [];
  const byRun = new Map<number, EarlierAnswer>();
  for (const answer of [...(before?.answered ?? []), ...own, ...(next.answered ?? [])]) {
    byRun.delete(answer.runId);
    byRun.set(answer.runId, answer);
  }
  // The run the marker itself is for is told by its own state.
  if (chosen.runId !== undefined) byRun.delete(chosen.runId);
  return [...byRun.values()].slice(-EARLIER_ANSWERS_KEPT);
}

/**
 * The marker to write over `current` (the comment as it is): `next`, unless that would take an
 * answered approval back to waiting, or drop the paused run id the same answer holds there. A re-run of the paused job pauses again with the same hash;
 * had its comment said "awaiting" again, a second `/approve` would run the approved steps twice
 * (the approving run's calls are in another workflow run's state). An answer stays answered for the
 * paused workflow run it was given for (its re-runs keep its run id); another workflow run asks anew.
 */
export function forwardMarker(next: ApprovalMarker | undefined, current: string | undefined): ApprovalMarker | undefined {
  if (next === undefined || current === undefined) return next;
  const before = readApprovalMarker(current);
  const chosen = chosenMarker(next, before);
  // Every earlier answer stays through later pauses and answers of other runs: a re-run of a run it answered keeps it.
  const answered = earlierAnswers(chosen, next, before);
  const { answered: _, ...marker } = chosen;
  return answered.length > 0 ? { ...marker, answered } : marker;
}

/** Which of `next` and `before` (its state, its run and hash) the comment says from now on. */
function chosenMarker(next: ApprovalMarker, before: ApprovalMarker | undefined): ApprovalMarker {
  // The same answer given without the paused run it is for (a killed `/approve` run's post step does not know it)
  // keeps that run's id: dropped, the paused run's re-run no longer found its answer and asked again.
  if (next.state !== 'awaiting') return next.runId === undefined && before?.state === next.state && before.hash === next.hash && before.runId !== undefined ? { ...next, runId: before.runId } : next;
  return before && answerFor(before, next.runId)?.hash === next.hash ? before : next;
}

/**
 * The answer to the approval request of workflow run `runId` (a re-run keeps its id) the marker holds: its own, or
 * one it keeps from earlier (`answered`); else undefined.
 */
export function answerFor(marker: ApprovalMarker | undefined, runId: number): Extract<ApprovalMarker, { state: 'approved' | 'rejected' }> | undefined {
  if (marker === undefined) return undefined;
  if (marker.state !== 'awaiting' && marker.runId === runId) return marker;
  return marker.answered?.findLast((answer) => answer.runId === runId);
}

/**
 * For a run whose own approval request another run has answered since (`answerFor`): what it says as it
 * leaves plan-runner's comment to that run; undefined for any other marker.
 */
export function answeredNote(given: ApprovalMarker | undefined, runId: number): string | undefined {
  const marker = answerFor(given, runId);
  if (!marker) return undefined;
  return `This workflow run's request for approval has been ${marker.state}${marker.by ? ` by @${marker.by}` : ''}; plan-runner's comment shows the run that answer started, and this job no longer writes it.`;
}
