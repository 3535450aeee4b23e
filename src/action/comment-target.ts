import { eventTarget, FORK_READ_ONLY_PULL_REQUEST_EVENTS, type IssueTarget } from '../github/event-target.ts';
import { isForkPullRequest } from '../security/fork-pull-request.ts';
import type { ActionSettings } from './action-settings.ts';

/** Where the live comment goes, or why there is none (`warn`: the user asked for one and gets none). */
export type CommentDecision =
  | { readonly target: IssueTarget }
  | { readonly target?: undefined; readonly why: string; readonly warn: boolean };

/**
 * Whether to keep a comment, and on what. `auto` comments when the event has a pull request or
 * issue and the token can write (not a fork's pull request); `always` tries whenever there is a
 * target and warns when there is none; `never` does not comment.
 */
export function commentTarget(settings: Pick<ActionSettings, 'comment' | 'githubToken' | 'github' | 'readOnly'>): CommentDecision {
  const { comment, github } = settings;
  // Said as it is: "comment is never" told the user of a setting they did not make (found by a new-user walkthrough).
  if (settings.readOnly) return { why: `the run is read-only (${settings.readOnly})`, warn: false };
  if (comment === 'never') return { why: 'comment is never', warn: false };
  const asked = comment === 'always';
  const target = eventTarget(github.eventName, github.payload, github.repository);
  if (!target) {
    return { why: `the ${github.eventName || 'current'} event has no pull request or issue to comment on`, warn: asked };
  }
  if (!settings.githubToken) return { why: 'there is no github-token', warn: asked };
  if (!asked && FORK_READ_ONLY_PULL_REQUEST_EVENTS.has(github.eventName) && isForkPullRequest(github.payload)) {
    return { why: "the pull request comes from a fork, whose token is read-only (set comment: always to try anyway)", warn: false };
  }
  return { target };
}

/** How an approving job finds the run it continues: nothing else leads it there. */
const FOUND_THROUGH_COMMENT = "an approving job finds the paused run through plan-runner's PR comment";

/**
 * Why no `/approve` could reach a run paused here, and what to do, or undefined when plan-runner's comment can
 * show the pause: the approving job finds a paused run only through that comment's marker.
 */
export function approvalUnreachable(decision: CommentDecision, hasClient: boolean): string | undefined {
  const why = decision.target ? (hasClient ? undefined : 'there is no GitHub client') : decision.why;
  if (why === undefined) return undefined;
  return `no /approve could ever reach a run paused here: ${FOUND_THROUGH_COMMENT}, and this run has none (${why}). Run it where plan-runner comments (a pull_request or issues event, comment: auto or always, a github-token with pull-requests: write, not a fork's pull request), or set approval: never (and no step approval: true) in the plan and the plans it uses and approve with an environment instead (mode: plan, then a job with environment:; see "Approving with an environment" in the plan-runner README)`;
}

/**
 * Why no `/approve` can reach this job's pause for approval `hash`, and what to do: the PR comment was to show it, and
 * this job's last write that GitHub took does not (a write refused or never answered, the comment left to another run).
 */
export function pauseUnshown(hash: string): string {
  return `it paused for approval (approval ${hash}), but no /approve can reach it: ${FOUND_THROUGH_COMMENT}, and this job's comment does not show the pause (the job's log says why). Re-run this job once plan-runner can write its PR comment (a github-token with pull-requests: write, GitHub answering): the re-run pauses again and asks there (a run for a commit that is no longer the pull request's head leaves the comment to the newer commit's run: nothing is to be done for it)`;
}
