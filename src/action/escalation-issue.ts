import type { GitHubClient } from '../github/create-octokit.ts';
import type { Redactor } from '../core/redact.ts';
import { tokenIdentity } from '../report/comment/comment-api.ts';
import type { Escalation } from '../run/escalation.ts';
import { loadNeutraliser } from '../security/load-neutraliser.ts';

export interface EscalationIssueContext {
  readonly owner: string;
  readonly repo: string;
  /** Names the issue's marker: one open issue per plan file. */
  readonly planPath: string;
  readonly planName: string;
  readonly runUrl?: string;
  readonly repositoryUrl?: string;
}

/** The hidden first line that finds this plan's escalation issue again. */
export function escalationIssueMarker(planPath: string): string {
  return `<!-- plan-runner:escalation:${encodeURIComponent(planPath)} -->`;
}

function issueBody(where: EscalationIssueContext, escalation: Escalation, redact: Redactor, neutralise: (text: string) => string): string {
  // Run text is the model's and the tools': redacted, then made unable to ping or link anyone.
  const outbound = (text: string) => neutralise(redact(text));
  const lines = [
    escalationIssueMarker(where.planPath),
    `**plan-runner escalated a run of ${outbound(where.planName)}** (\`${outbound(where.planPath)}\`): a person is needed.`,
    '',
    `**Why:** ${outbound(escalation.reason)}`,
    '',
    `**Last error:** ${outbound(escalation.lastError)}`,
  ];
  if (escalation.tried.length > 0) lines.push('', '**What was tried:**', ...escalation.tried.map((tried) => `- ${outbound(tried)}`));
  if (where.runUrl) lines.push('', `[The run](${where.runUrl}) has the full summary and trace.`);
  // The plan's own `escalate.mention` is meant to notify: it alone is not neutralised.
  if (escalation.mention) lines.push('', `${escalation.mention}: please take a look.`);
  return lines.join('\n');
}

/**
 * For an escalated run with no pull request or issue to speak on (a schedule, a dispatch, a push)
 * and a plan with `escalate:`: opens an issue saying what failed and what was tried, or updates
 * the open one this token wrote for the same plan file. A failure is a warning: the job fails as
 * escalated either way.
 */
export async function openEscalationIssue(
  octokit: GitHubClient,
  where: EscalationIssueContext,
  escalation: Escalation,
  redact: Redactor,
  warn: (message: string) => void,
): Promise<void> {
  const marker = escalationIssueMarker(where.planPath);
  const neutralise = await loadNeutraliser({ allowUrls: where.repositoryUrl ? [where.repositoryUrl] : [] });
  const body = issueBody(where, escalation, redact, neutralise);
  try {
    const me = await tokenIdentity(octokit);
    const open = me
      ? (await octokit.rest.issues.listForRepo({ owner: where.owner, repo: where.repo, state: 'open', per_page: 100, ...(escalation.label && { labels: escalation.label }) })).data
      : [];
    // Anyone can post the marker: only an issue this token opened is updated.
    const ours = open.find((issue) => !issue.pull_request && issue.user?.login === me && (issue.body ?? '').startsWith(marker));
    if (ours) {
      await octokit.rest.issues.update({ owner: where.owner, repo: where.repo, issue_number: ours.number, body });
      return;
    }
    await octokit.rest.issues.create({
      owner: where.owner,
      repo: where.repo,
      title: `plan-runner: ${neutralise(redact(where.planName))} needs a person`,
      body,
      ...(escalation.label && { labels: [escalation.label] }),
    });
  } catch (error) {
    const status = (error as { status?: number }).status;
    warn(`Could not open an issue for the escalation${status ? ` (HTTP ${status})` : ''}: the token needs issues: write. The job fails as escalated either way.`);
  }
}
