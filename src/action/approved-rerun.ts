import type { RunStateStore } from '../state/run-state-store.ts';
import { traceEvents } from '../run/read-resume-trace.ts';
import type { ActionIO } from './action-io.ts';
import type { ActionSettings } from './action-settings.ts';
import type { ApprovalMarker } from './approval-marker.ts';
import { earlierAttemptState, newestEarlierState, stateIdentity, statePart } from './saved-state.ts';
import type { WaitingRun, WaitingRunResult } from './waiting-run.ts';

/** An answer plan-runner's comment holds, and the comment as read. */
export interface HeldAnswer {
  readonly marker: Extract<ApprovalMarker, { readonly state: 'approved' | 'rejected' }>;
  readonly comment: WaitingRun['comment'];
  readonly headSha?: string;
}

/**
 * Whether this job is a re-run ("Re-run failed jobs") of the `/approve` job that recorded the answer the comment
 * holds: the same workflow run, a later attempt, an approval. Refused as "already approved", such a re-run left an
 * approved run that failed for a passing reason with no way on: a second `/approve` is refused too, and a new run
 * repeated what the approved steps had done.
 */
export function answeredHere(settings: ActionSettings, answer: HeldAnswer['marker'], kind: 'approve' | 'reject'): boolean {
  return kind === 'approve' && answer.state === 'approved' && (settings.github.attempt ?? 1) > 1 && answer.answerRunId !== undefined && answer.answerRunId === settings.github.runId;
}

/**
 * The approved run this re-run goes on with: its own earlier attempt's saved state, which holds the approval it went
 * on with (`approval_decided` with what it covered) and every step and side effect it completed, resumed as any
 * re-run is. The answer is already recorded, and is not recorded again; `grantApproval` still checks the approval
 * against the plan file and the inputs as they are now, so it covers no other plan or inputs. Fails closed: where
 * that attempt's state cannot be read, nothing runs.
 */
export async function approvedRerun(settings: ActionSettings, deps: { readonly state?: RunStateStore; readonly io: ActionIO }, held: HeldAnswer): Promise<WaitingRunResult> {
  const { marker } = held;
  const ran = `an earlier attempt of this workflow run went on with the approval ${marker.hash}${marker.by ? ` by @${marker.by}` : ''}`;
  if (marker.runId === undefined) return { ok: false, problem: `${ran}, and plan-runner's comment does not name the paused run it answered; nothing ran` };
  if (settings.resume !== 'auto' || settings.resumeFrom !== undefined || settings.state !== 'artifact') {
    return { ok: false, problem: `${ran}, and this re-run would not resume from what it did (state: artifact with resume: auto and no resume-from does): it would run the approved steps again from the start, side effects included. Nothing ran; to run the plan anew, start a new workflow run of the pull request and answer its pause` };
  }
  const earlier = await earlierAttemptState(settings, deps.state, deps.io);
  if (!earlier.ok) return { ok: false, problem: `${ran}, and its saved state cannot be read: ${earlier.problem}` };
  if (!earlier.earlier) {
    return { ok: false, problem: `${ran}, and no attempt saved a state in which its run started, so what it did cannot be known and could be done twice. Nothing ran; to run the plan anew, start a new workflow run of the pull request and answer its pause` };
  }
  const { trace } = earlier.earlier;
  const parsed = traceEvents(trace, { thisFormatOnly: true });
  if (!parsed.ok) return { ok: false, problem: `${ran}, and its saved state cannot be read (${parsed.problem})` };
  return {
    ok: true,
    run: {
      runId: marker.runId,
      hash: marker.hash,
      trace,
      events: parsed.events,
      comment: held.comment,
      ...(held.headSha && { headSha: held.headSha }),
      continues: { attempt: earlier.earlier.attempt },
    },
  };
}

/**
 * Why this job, a later attempt of an `/approve` or `/reject` job, may not answer the run that waits now (`waiting`):
 * an earlier attempt went on with its comment's answer, as the state it saved shows (only a run that went on with an
 * answer saves one here). Its comment answered that request; taken again for the run that waits since (a pause whose
 * write landed after the answer, a runner's clock behind), it ran steps the person never saw, and a re-run meant to go
 * on with the approval ran another run's approved steps. Undefined for a first attempt, or when no earlier attempt
 * went on (one refused before it recorded the answer, or whose answer was put back). Fails closed: a listing that fails refuses.
 */
export async function spentAnswer(settings: ActionSettings, store: RunStateStore, kind: 'approve' | 'reject', waiting: { readonly runId: number; readonly hash: string }): Promise<string | undefined> {
  const identity = stateIdentity(settings, statePart(settings));
  if (identity.attempt <= 1) return undefined;
  let artifacts;
  try {
    artifacts = await store.list();
  } catch (error) {
    return `cannot list this workflow run's saved states to tell whether an earlier attempt already went on with this comment's /${kind} (${error instanceof Error ? error.message : String(error)}); nothing was changed. Run the job again`;
  }
  const earlier = newestEarlierState(artifacts, identity);
  if (!earlier) return undefined;
  return `attempt ${earlier.attempt} of this workflow run already went on with this comment's /${kind} (it saved ${earlier.artifact.name}), and plan-runner's comment now shows run ${waiting.runId} waiting (approval ${waiting.hash}): a comment answers one request, once. Nothing was changed; read plan-runner's comment as it is now and answer that run in a new comment`;
}
