import type { GitHubClient } from '../github/create-octokit.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import { asSentence } from '../run/as-sentence.ts';
import type { Escalation } from '../run/escalation.ts';
import { inlineCode } from '../core/code-fence.ts';
import type { Redactor } from '../core/redact.ts';
import { cutText } from '../core/cut-text.ts';

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

/** The notice's text: the plan's mention, the run and where to read why; no run text, so nothing in it pings anyone else. */
export function escalationNotice(mention: string, where: EscalationNoticeContext, redact: Redactor): string {
  const run = where.runUrl ? `[A run](${encodeURI(where.runUrl)})` : 'A run';
  return `${mention}: a person is needed — ${run} of ${inlineCode(cutText(redact(where.planPath), MAX_PATH_CHARS))} was escalated. The run's summary says why, with the last error and what was tried.`;
}

/**
 * Tells the plan's `escalate.mention` of an escalated run on its PR or issue with a comment of its own, once per
 * escalation: GitHub notifies no one of a mention an edit adds, and the live comment is edited. A failure is a
 * warning: the job fails as escalated either way.
 */
export async function tellEscalation(
  octokit: GitHubClient,
  target: IssueTarget,
  escalation: Escalation | undefined,
  where: EscalationNoticeContext,
  redact: Redactor,
  warn: (message: string) => void,
): Promise<void> {
  if (!escalation?.mention) return;
  try {
    await octokit.rest.issues.createComment({ owner: target.owner, repo: target.repo, issue_number: target.number, body: escalationNotice(escalation.mention, where, redact) });
  } catch (error) {
    const failure = readGitHubFailure(error);
    warn(`Could not comment on #${target.number} to tell ${escalation.mention} the run was escalated${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write` or `pull-requests: write`')} The job fails as escalated either way.`);
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
