import type { GitHubClient } from '../github/create-octokit.ts';
import type { IssueTarget } from '../github/event-target.ts';
import { readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import { asSentence } from '../run/as-sentence.ts';
import type { Escalation } from '../run/escalation.ts';

/** The comment's closing line for an escalated run: the plan's `escalate.mention`, told a person is needed. */
export function escalationMentionLine(escalation: Escalation | undefined): string {
  return escalation?.mention ? `\n\n${escalation.mention}: a person is needed — the run was escalated (see the summary for what was tried).` : '';
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
