import { errorText } from '../core/error-text.ts';
import type { GitHubClient } from '../github/create-octokit.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { issueCommentApi } from '../report/comment/comment-api.ts';
import { commentMarker } from '../report/comment/comment-marker.ts';
import { stoppedCommentBody } from '../report/comment/stopped-comment.ts';
import type { ActionIO } from './action-io.ts';

export interface LeftComment {
  readonly github: GitHubClient;
  readonly target: IssueTarget;
  /** The comment: by its id (the main step saved it), or the oldest of the token's own with this marker. */
  readonly comment: { readonly id: number } | { readonly marker: string };
  /** This workflow run's page: a comment another run has written since is left to it. */
  readonly runUrl: string;
  /** The header's icon now: how the run ended. */
  readonly icon: string;
  /** Why nothing more of the run will be written there, and what to do. */
  readonly note: string;
}

/**
 * Ends a live comment a run left at ⏳ and will write no more (see `stoppedCommentBody`), with one edit of
 * the comment it already has. Never throws: a comment it cannot end is said in the log.
 */
export async function stopLeftComment(left: LeftComment, io: Pick<ActionIO, 'info' | 'warning'>): Promise<void> {
  const api = issueCommentApi(left.github, left.target);
  try {
    const found = 'id' in left.comment ? { id: left.comment.id, body: await api.read(left.comment.id) } : (await api.listOwn(left.comment.marker))[0];
    const body = found?.body === undefined ? undefined : stoppedCommentBody(found.body, left.runUrl, left.icon, left.note);
    if (!found || body === undefined) return;
    await api.update(found.id, body);
    io.info('The PR comment now says that this run stopped, and what to do.');
  } catch (error) {
    io.warning(`Could not mark the PR comment stopped (it still shows the run under way): ${errorText(error)}`);
  }
}

/** The comment a fanned-out run's prepare and shard jobs share: `planId` names it (`keyedPlanId`). */
export interface SharedComment extends Pick<LeftComment, 'github' | 'target' | 'runUrl'> {
  readonly planId: string;
}

/** What a fanned-out run's shared comment says once its merge job is refused: no job writes it after that one. */
const MERGE_REFUSED_NOTE =
  "**Stopped:** the merge job was refused (its job summary says why and what to do), so the steps it runs did not run and the goals were not checked: the run failed. ⏹️ marks what was under way and did not complete; ⬜ did not start. Fix what the merge job's summary names, then re-run the failed jobs.";

/**
 * Ends the comment a fanned-out run's prepare and shard jobs share, left at ⏳, once its merge job is refused (its
 * settings, `refuseRun`, or its inputs, `refuseInputs`): found by the marker of `planId` (`keyedPlanId`), the
 * token's own, and only while it is this workflow run's and still at ⏳.
 */
export function stopRefusedMergeComment(left: SharedComment, io: Pick<ActionIO, 'info' | 'warning'>): Promise<void> {
  return stopLeftComment({ github: left.github, target: left.target, comment: { marker: commentMarker(left.planId) }, runUrl: left.runUrl, icon: '❌', note: MERGE_REFUSED_NOTE }, io);
}
