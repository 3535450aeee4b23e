import type { GitHubClient } from '../github/create-octokit.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import { asSentence } from '../run/as-sentence.ts';
import type { Escalation } from '../core/run-event.ts';
import type { ApprovalRequest } from '../core/run-event.ts';
import { HOW_TO_APPROVE } from '../report/approval-section.ts';
import { inlineCode } from '../core/code-fence.ts';
import type { Redactor } from '../core/redact.ts';
import { cutText } from '../core/cut-text.ts';
import { pullRequestHead, supersededAt } from './superseded-commit.ts';

/**
 * The live comment's closing line for an escalated run: the plan's `escalate.mention` named as code, which pings no
 * one. The comment is edited, and GitHub notifies no one of an edit: `tellEscalation`'s new comment is the one ping.
 */
export function escalationMentionLine(escalation: Escalation | undefined): string {
  return escalation?.mention ? `\n\n${inlineCode(escalation.mention)}: a person is needed — the run was escalated (see the summary for what was tried).` : '';
}

/** Where an escalation notice points: the plan file and the run. */
export interface EscalationNoticeContext {
  readonly planPath: string;
  readonly runUrl?: string;
}

/** The longest plan path a notice names (the run's link names the rest). */
const MAX_PATH_CHARS = 500;

/**
 * What a person is needed for: an escalated run, or a pause for approval (`hash`, and the keys of the steps that
 * wait). Either way the plan's `escalate.mention` is told, in a comment of its own.
 */
export type PersonNeeded =
  | { readonly kind: 'escalated'; readonly mention: string }
  | { readonly kind: 'approval'; readonly mention: string; readonly hash: string; readonly steps: readonly string[] };

/** The most steps a pause's notice names (the live comment lists them all). */
const MAX_NAMED_STEPS = 10;

/** `1 step (`2`) waits`, `12 steps (`a`, … and 2 more) wait`. */
function waitingSteps(steps: readonly string[], redact: Redactor): string {
  const named = steps.slice(0, MAX_NAMED_STEPS).map((key) => inlineCode(cutText(redact(key), 100)));
  const more = steps.length - named.length;
  const list = named.length === 0 ? '' : ` (${named.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  return steps.length === 1 ? `1 step${list} waits to run until someone approves it; plan-runner's comment for the plan lists it with its arguments` : `${steps.length} steps${list} wait to run until someone approves them; plan-runner's comment for the plan lists them with their arguments`;
}

/**
 * The notice's text: the plan's mention, the run and where to read why (for a pause, how to approve it, in the
 * live comment's words); no run text but step keys as code, so nothing in it pings anyone else.
 */
export function escalationNotice(need: PersonNeeded, where: EscalationNoticeContext, redact: Redactor): string {
  const run = where.runUrl ? `[A run](${encodeURI(where.runUrl)})` : 'A run';
  const plan = inlineCode(cutText(redact(where.planPath), MAX_PATH_CHARS));
  if (need.kind === 'approval') return `${need.mention}: a person is needed — ${run} of ${plan} waits for approval: ${waitingSteps(need.steps, redact)}. ${HOW_TO_APPROVE} Approval hash: ${inlineCode(need.hash)}.`;
  return `${need.mention}: a person is needed — ${run} of ${plan} was escalated. The run's summary says why, with the last error and what was tried.`;
}

/**
 * What the plan's `escalate.mention` is told of a run, if anything: its escalation, or its pause for approval that
 * plan-runner's comment newly shows (`pause`, from `LiveComment.newPause`: not again for a re-run of the same
 * paused run, and not where no comment shows it, so no `/approve` could find it).
 */
export function personNeeded(escalation: Escalation | undefined, approval: { readonly mention?: string; readonly request?: ApprovalRequest; readonly pause?: { readonly hash: string } }): PersonNeeded | undefined {
  if (escalation?.mention) return { kind: 'escalated', mention: escalation.mention };
  const { mention, request, pause } = approval;
  if (!mention || !request || pause?.hash !== request.hash) return undefined;
  return { kind: 'approval', mention, hash: request.hash, steps: request.pending.map((step) => step.stepKey) };
}

/**
 * Tells the plan's `escalate.mention` that a person is needed (`personNeeded`) on the run's PR or issue with a
 * comment of its own, once: GitHub notifies no one of a mention an edit adds, and the live comment is edited. A
 * failure is a warning: the job ends as it would have either way.
 */
export async function tellEscalation(
  octokit: GitHubClient,
  target: IssueTarget,
  need: PersonNeeded | undefined,
  where: EscalationNoticeContext,
  redact: Redactor,
  warn: (message: string) => void,
): Promise<void> {
  if (!need) return;
  try {
    await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.number, body: escalationNotice(need, where, redact) });
  } catch (error) {
    const failure = readGitHubFailure(error);
    const what = need.kind === 'approval' ? 'the run waits for approval' : 'the run was escalated';
    const after = need.kind === 'approval' ? "The run waits either way; plan-runner's comment says how to approve it." : 'The job fails as escalated either way.';
    warn(`Could not comment on #${target.number} to tell ${need.mention} ${what}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write` or `pull-requests: write`')} ${after}`);
  }
}

/**
 * Adds the plan's `escalate.label` to the PR or issue of an escalated run. A failure (no
 * permission, no such label rights) is a warning: the job fails as escalated either way.
 */
export async function addEscalationLabel(
  octokit: GitHubClient,
  target: IssueTarget,
  escalation: Escalation | undefined,
  warn: (message: string) => void,
): Promise<void> {
  if (!escalation?.label) return;
  try {
    await octokit.rest.issues.addLabels({ owner: target.owner, repo: target.repo, issue_number: target.number, labels: [escalation.label] });
  } catch (error) {
    const failure = readGitHubFailure(error);
    warn(`Could not add the escalation label '${escalation.label}' to #${target.number}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write` or `pull-requests: write`')}`);
  }
}

/**
 * Takes the plan's `escalate.label` off the pull request or issue of a run that succeeded, where an earlier run's
 * escalation added it: it no longer needs a person. Asked only when the event's payload shows the label, or shows no
 * labels (most successful runs then send no request), and by a run still at the pull request's head (`headSha`,
 * `speaksThere`): a run a newer push superseded took off the label the newer commit's run had added (found by a
 * review). Not there (404), nothing is said; another failure is a warning.
 */
export async function removeEscalationLabel(octokit: GitHubClient, target: IssueTarget, label: string | undefined, run: { readonly payload: unknown; readonly headSha: string | undefined }, warn: (message: string) => void, info: (message: string) => void): Promise<void> {
  const shown = payloadLabels(run.payload);
  if (!label || (shown && !shown.includes(label))) return;
  if (!(await speaksThere(octokit, target, run.headSha, { unlabel: label }, info))) return;
  try {
    await octokit.rest.issues.removeLabel({ owner: target.owner, repo: target.repo, issue_number: target.number, name: label });
    info(`Removed the escalation label '${label}' from #${target.number}: this run succeeded.`);
  } catch (error) {
    const failure = readGitHubFailure(error);
    if (failure.status === 404) return;
    warn(`Could not remove the escalation label '${label}' from #${target.number}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write` or `pull-requests: write`')} The run succeeded either way.`);
  }
}

/**
 * Whether the run may label its pull request or issue, tell the plan's mention there, or take its label off once it
 * succeeds (`label`, `mention`, `unlabel`: what it would do): not once a push moved the pull request past the run's commit (`headSha`), whose newer run speaks for it;
 * said in the log (`info`). One GET, asked only when there is something to do; an issue, a run of no known commit, or
 * a head GitHub cannot tell, may, but for taking the label off: that fails closed. So may a run whose live comment found no run of the newer commit had written it, and
 * finished it as this run's (`commentKept`): no newer run speaks there, and the comment showed the escalation with no
 * one told (found by a review).
 */
export async function speaksThere(
  octokit: GitHubClient,
  target: IssueTarget,
  headSha: string | undefined,
  what: { readonly label?: string | undefined; readonly mention?: string | undefined; readonly unlabel?: string | undefined },
  info: (message: string) => void,
  commentKept = false,
): Promise<boolean> {
  const withheld = [what.label && `add the escalation label '${what.label}'`, what.unlabel && `take the escalation label '${what.unlabel}' off`, what.mention && `tell ${what.mention}`].filter(Boolean).join(' or ');
  if (!withheld || headSha === undefined || commentKept) return true;
  const head = await pullRequestHead(octokit, target);
  // Taking the label off is what a superseded run must not do: fail closed (a label left on is seen; one taken off a newer escalation is not).
  if (head === undefined && what.unlabel) {
    info(`GitHub could not say the head of #${target.number}, so this run does not ${withheld}: a newer commit's run may have escalated. Take it off by hand if no person is needed.`);
    return false;
  }
  const superseded = head === undefined ? undefined : supersededAt(target, headSha, head);
  if (superseded === undefined) return true;
  info(`${superseded.message}: the run is superseded, so it does not ${withheld} on #${target.number}; the run for the newer commit speaks for the pull request. The job summary has this run's record.`);
  return false;
}

/** The labels the event's pull request or issue had when the event was sent, or undefined when the payload has none. */
function payloadLabels(payload: unknown): string[] | undefined {
  const of = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined);
  const event = of(payload);
  const labels = of(event?.['pull_request'])?.['labels'] ?? of(event?.['issue'])?.['labels'];
  return Array.isArray(labels) ? labels.map((entry) => String(of(entry)?.['name'] ?? '')) : undefined;
}
