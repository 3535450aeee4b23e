import type { GitHubClient } from '../github/create-octokit.ts';
import type { Redactor } from '../core/redact.ts';
import { tokenIdentity, UNKNOWN_IDENTITY } from '../github/token-identity.ts';
import { groupDigits } from '../core/group-digits.ts';
import { fencedBlock, inlineCode } from '../core/code-fence.ts';
import { cutMarkdown, cutText } from '../report/cut-text.ts';
import { escapeMarkdown } from '../report/markdown/escape-markdown.ts';
import { COMMENT_MAX_CHARS } from '../report/comment/render-comment.ts';
import type { Escalation } from '../core/run-event.ts';
import { loadNeutraliser } from '../security/load-neutraliser.ts';
import { keyedCheckRunName, keyedPlanId } from './run-key.ts';
import { readGitHubFailure, refusalAdvice } from '../github/github-failure.ts';
import { asSentence } from '../run/as-sentence.ts';
import type { ActionSettings } from './action-settings.ts';

/** The longest issue title GitHub takes, and what the title adds around the plan's name. */
const MAX_TITLE_CHARS = 256;
const TITLE_WORDS = 'plan-runner: '.length + ' needs a person'.length;

export interface EscalationIssueContext {
  readonly owner: string;
  readonly repo: string;
  /** Names the issue's marker, with `runKey`: one open issue per plan file and run key. */
  readonly planPath: string;
  readonly runKey?: string;
  readonly planName: string;
  readonly runUrl?: string;
  /** This workflow run's id (`GITHUB_RUN_ID`, the same in every attempt): a newer run's escalation is not this run's to close. */
  readonly runId?: number;
  readonly repositoryUrl?: string;
}

/** Where the escalation issue of a run with these settings is, and what names it (`planName`: the plan's, if it has one). */
export function escalationIssueContext(settings: Pick<ActionSettings, 'github' | 'planPath' | 'runKey'>, planName: string | undefined): EscalationIssueContext {
  const [owner = '', repo = ''] = settings.github.repository?.split('/') ?? [];
  return {
    owner,
    repo,
    planPath: settings.planPath,
    ...(settings.runKey !== undefined && { runKey: settings.runKey }),
    planName: planName ?? settings.planPath,
    ...(settings.github.runUrl && { runUrl: settings.github.runUrl }),
    ...(settings.github.runId !== undefined && { runId: settings.github.runId }),
    ...(settings.github.repositoryUrl && { repositoryUrl: settings.github.repositoryUrl }),
  };
}

/** The longest reason and item of what was tried, and the most items, an issue shows (the run's summary has them all). */
const MAX_LINE_CHARS = 1000;
const MAX_TRIED = 20;
/** The longest last error an issue shows. */
const MAX_ERROR_CHARS = 20_000;

/** The hidden first line that finds this plan's (and run key's) escalation issue again. */
export function escalationIssueMarker(planId: string): string {
  return `<!-- plan-runner:escalation:${encodeURIComponent(planId)} -->`;
}

/**
 * The issue's text. Run text (the model's and the tools') is redacted and placed as data: escaped
 * where it stands in a line, the last error as a code block. Then the whole body goes through the
 * neutraliser, as the live comment does: a piece neutralised alone could mean something else once
 * placed in a line or a list item (four spaces of code became a live image after "**Last error:**").
 */
function issueBody(where: EscalationIssueContext, escalation: Escalation, redact: Redactor, neutralise: (text: string) => string): string {
  const data = (text: string) => escapeMarkdown(cutText(redact(text), MAX_LINE_CHARS));
  const lines = [
    `**plan-runner escalated a run of ${data(keyedCheckRunName(where.planName, where))}** (${inlineCode(cutText(redact(where.planPath), MAX_LINE_CHARS))}): a person is needed.`,
    '',
    `**Why:** ${data(escalation.reason)}`,
    '',
    '**Last error:**',
    '',
    fencedBlock(cutText(redact(escalation.lastError), MAX_ERROR_CHARS)),
  ];
  const tried = escalation.tried.slice(-MAX_TRIED);
  if (tried.length > 0) {
    lines.push('', '**What was tried:**');
    if (tried.length < escalation.tried.length) lines.push(`- … and ${escalation.tried.length - tried.length} earlier attempts (in the run's summary)`);
    for (const item of tried) lines.push(`- ${data(item)}`);
  }
  const marker = escalationIssueMarker(keyedPlanId(where));
  const after: string[] = [];
  // plan-runner's own link to the run is added after the neutraliser, as the marker is.
  if (where.runUrl) after.push('', `[The run](${encodeURI(where.runUrl)}) has the full summary and trace.`);
  // The plan's own `escalate.mention` is meant to notify: it alone is not neutralised.
  if (escalation.mention) after.push('', `${escalation.mention}: please take a look.`);
  const tail = after.join('\n');
  // Neutralised, the text can grow (a zero-width space after each `@`): cut to what an issue holds less the marker and
  // the lines after it, as long as they are. The marker stays as it was, which finds the open issues of earlier versions:
  // a deep plan path outside ASCII made it 12,537 characters, past the 2,048 kept for them, and GitHub refused the
  // issue (found by a caps hunt). A path and a run-key are bounded (4,096 bytes, 100 characters), so the text keeps most.
  const room = COMMENT_MAX_CHARS - marker.length - 1 - (tail ? tail.length + 1 : 0);
  return [marker, cutMarkdown(neutralise(lines.join('\n')), room), ...after].join('\n');
}

/** The link `issueBody` writes to the run that escalated, as it reads back: the workflow run's id (every attempt's). */
const RUN_LINK = /^\[The run\]\([^)]*\/actions\/runs\/([1-9][0-9]{0,18})(?:\/attempts\/[0-9]+)?\) has the full summary and trace\.$/u;

/** The id of the workflow run whose escalation an issue's body tells (the last to escalate into it), or undefined. Its own link follows the run's text: the last such line. */
function escalatingRun(body: string): number | undefined {
  const ids = body.split('\n').map((line) => Number(RUN_LINK.exec(line)?.[1]));
  return ids.findLast((id) => Number.isSafeInteger(id));
}

/** The comment on the open issue when the plan escalates again: it notifies where an edited body does not. */
function againComment(where: EscalationIssueContext, escalation: Escalation, mention: boolean): string {
  const run = where.runUrl ? `[This run](${encodeURI(where.runUrl)})` : 'A later run';
  const lines = [`${run} escalated again: the issue now says why, with its last error and what was tried.`];
  if (mention && escalation.mention) lines.push('', `${escalation.mention}: please take a look.`);
  return lines.join('\n');
}

/** An open escalation issue of this token's: its number, when it was last updated, and its body. */
interface OpenIssue {
  readonly number: number;
  readonly updatedAt: string;
  readonly body: string;
}

/** Pages of this token's open issues (100 each) read for the one an earlier escalation opened: older ones beyond are not. */
const MAX_ISSUE_PAGES = 10;

/**
 * The oldest open issue this token (`me`) opened for the plan's marker, other than `besides`, on the first page of the
 * token's open issues (newest first, `maxPages` at most) that holds one; `paged` when every page was read. Found by who
 * opened it and the marker its body starts with, never by a label: a person may take the label off or rename it (the
 * next escalation opened a second issue), and anyone can post the marker. The oldest, as racing runs keep it.
 */
async function ourOpenIssue(octokit: GitHubClient, where: EscalationIssueContext, marker: string, me: string, maxPages: number, besides?: number): Promise<{ readonly issue?: OpenIssue; readonly paged: boolean }> {
  let issue: OpenIssue | undefined;
  let pages = 0;
  await octokit.paginate(octokit.rest.issues.listForRepo, { owner: where.owner, repo: where.repo, state: 'open', creator: me, per_page: 100 }, (response, done) => {
    for (const candidate of response.data) {
      if (candidate.number === besides || candidate.pull_request || candidate.user?.login !== me || !(candidate.body ?? '').startsWith(marker)) continue;
      if (issue === undefined || candidate.number < issue.number) issue = { number: candidate.number, updatedAt: candidate.updated_at, body: candidate.body ?? '' };
    }
    if (issue || ++pages >= maxPages) done();
    return [];
  });
  return { ...(issue && { issue }), paged: pages >= maxPages };
}

/**
 * For an escalated run with no pull request or issue to speak on (a schedule, a dispatch, a push)
 * and a plan with `escalate:`: opens an issue saying what failed and what was tried, or updates
 * the open one this token wrote for the same plan file and comments on it. Two runs of the plan that
 * escalate at once (the legs of a matrix without a `run-key`, overlapping schedules) each find none and
 * open one: the newer is closed as a duplicate, and the older updated, as a later escalation updates it.
 * A failure is a warning: the job fails as escalated either way. `info` logs where the escalation went.
 */
export async function openEscalationIssue(
  octokit: GitHubClient,
  where: EscalationIssueContext,
  escalation: Escalation,
  redact: Redactor,
  warn: (message: string) => void,
  info: (message: string) => void = () => {},
): Promise<void> {
  const marker = escalationIssueMarker(keyedPlanId(where));
  const policy = { allowUrls: where.repositoryUrl ? [where.repositoryUrl] : [] };
  const neutralise = await loadNeutraliser(policy, redact, 'rendered');
  // GitHub shows a title as plain text: neutralised as Markdown, it showed `plan\-runner` and `［beta］` as written.
  const titleText = await loadNeutraliser(policy, redact, 'title');
  const body = issueBody(where, escalation, redact, neutralise);
  let what = 'open an issue for the escalation';
  /** Updates the open issue `number` and comments on it: GitHub tells no one of an edited body, and not of a mention already in it (found by an adversarial pass). */
  /** `mention`: false when this run's own duplicate issue, just opened, already told the mention. */
  const escalateAgain = async (number: number, mention = true): Promise<void> => {
    what = `update escalation issue #${number}`;
    const { data: updated } = await octokit.rest.issues.update({ owner: where.owner, repo: where.repo, issue_number: number, body });
    what = `comment on escalation issue #${number} (its body now says this run escalated, and no one is told of an edited body)`;
    await octokit.rest.issues.createComment({ owner: where.owner, repo: where.repo, issue_number: number, body: againComment(where, escalation, mention) });
    info(`Escalation issue #${number} updated: ${updated.html_url}`);
  };
  try {
    const me = await tokenIdentity(octokit);
    // Without it no issue can be told for this token's (anyone can post the marker): a new one, said so.
    if (me === undefined) warn(`${UNKNOWN_IDENTITY}, so the open escalation issue it wrote for this plan, if any, cannot be told from copies: a new one is opened.`);
    // Anyone can post the marker: only an issue this token opened is updated.
    const open = me === undefined ? undefined : await ourOpenIssue(octokit, where, marker, me, MAX_ISSUE_PAGES);
    if (open?.issue) return await escalateAgain(open.issue.number);
    if (open?.paged) warn(`No open escalation issue of this token's for this plan among the ${groupDigits(MAX_ISSUE_PAGES * 100)} newest open issues it opened: a new one is opened.`);
    const issue = {
      owner: where.owner,
      repo: where.repo,
      // GitHub takes titles of at most 256 characters: a plan name of 200 and a run key of 100 made 331, and the
      // issue was lost (found by an adversarial pass). Cut as redacted and neutralised, which may lengthen it.
      title: `plan-runner: ${cutText(titleText(redact(keyedCheckRunName(where.planName, where))), MAX_TITLE_CHARS - TITLE_WORDS)} needs a person`,
      body,
    };
    const { data: created } = await octokit.rest.issues.create({ ...issue, ...(escalation.label && { labels: [escalation.label] }) }).catch((error: unknown) => {
      // A label GitHub will not create cost the escalation its whole issue (found by a hunt): opened without it.
      if (!escalation.label || !refusesLabel(error)) throw error;
      warn(`GitHub refused the escalation label '${escalation.label}' (HTTP 422): ${asSentence(readGitHubFailure(error).message)} The escalation issue is opened without it: give escalate.label a name GitHub takes.`);
      return octokit.rest.issues.create(issue);
    });
    info(`Escalation issue #${created.number} opened: ${created.html_url}`);
    // Not when its own was not among the pages read (said above): which of them is the older cannot be told.
    if (me === undefined || open?.paged) return;
    // Other runs of the plan that escalated at the same time found none either, and opened one too, moments ago: among
    // the newest. The oldest is kept, as the live comment keeps its oldest; every newer one closes itself. Told only the
    // next-newest, two of three racing runs each kept their own open (found by a hunting pass, and again for three).
    const racing = await ourOpenIssue(octokit, where, marker, me, 1, created.number);
    if (racing.issue === undefined || racing.issue.number > created.number) return;
    what = `close issue #${created.number}, which duplicates escalation issue #${racing.issue.number} that another run of this plan opened at the same time`;
    await octokit.rest.issues.createComment({ owner: where.owner, repo: where.repo, issue_number: created.number, body: `Duplicate of #${racing.issue.number}: another run of this plan escalated at the same time and opened it first; this run's escalation is told there.` });
    await octokit.rest.issues.update({ owner: where.owner, repo: where.repo, issue_number: created.number, state: 'closed', state_reason: 'not_planned' });
    // Its body pinged the mention when it was created: telling them again on the older issue made three pings for two escalations (found by a hunt).
    await escalateAgain(racing.issue.number, false);
  } catch (error) {
    // The advice every write of plan-runner's gives (`refusalAdvice`): a 422 blamed the token for a title too long.
    const failure = readGitHubFailure(error);
    warn(`Could not ${what}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write`')} The job fails as escalated either way.`);
  }
}

/**
 * For a run that succeeded, of a plan with `escalate:` on an event with no pull request or issue to speak on: the open
 * escalation issue this token wrote for the plan (and run key), if any, is told of the run and closed as completed, so
 * it no longer says a person is needed. A person can reopen it; a later escalation updates it then. A failure is a
 * warning: the run succeeded either way.
 */
export async function closeEscalationIssue(octokit: GitHubClient, where: EscalationIssueContext, startedAt: number, warn: (message: string) => void, info: (message: string) => void): Promise<void> {
  let what = "find this plan's open escalation issue";
  try {
    const me = await tokenIdentity(octokit);
    // Without it, this token's issue cannot be told from a copy anyone could post: none is closed, and that is said.
    if (me === undefined) {
      warn("Could not tell which account the token is, so this plan's escalation issue, if one is open, is not closed though the run succeeded: close it by hand.");
      return;
    }
    const { issue } = await ourOpenIssue(octokit, where, escalationIssueMarker(keyedPlanId(where)), me, MAX_ISSUE_PAGES);
    if (!issue) return;
    // Escalated (or written in) since this run began: a newer run's escalation, overlapping schedules, another leg of a
    // matrix without a run-key. This run's success does not answer it (found by a review: an older run closed it).
    if (Date.parse(issue.updatedAt) >= startedAt) {
      info(`Escalation issue #${issue.number} was updated after this run began (a later escalation, or a person's words): it is left open.`);
      return;
    }
    // A re-run of an older workflow run begins after a newer run's escalation, which its success does not answer either.
    const escalatedBy = escalatingRun(issue.body);
    if (where.runId !== undefined && escalatedBy !== undefined && escalatedBy > where.runId) {
      info(`Escalation issue #${issue.number} was escalated into by a newer workflow run (run ${escalatedBy}) than this one (run ${where.runId}): this run's success does not answer it, and it is left open.`);
      return;
    }
    const run = where.runUrl ? `[This run](${encodeURI(where.runUrl)})` : 'A later run';
    what = `comment on escalation issue #${issue.number} that the plan's run succeeded`;
    await octokit.rest.issues.createComment({ owner: where.owner, repo: where.repo, issue_number: issue.number, body: `${run} of this plan succeeded: this escalation issue is closed as completed. Reopen it if a person is still needed; a later escalation of the plan updates it again.` });
    what = `close escalation issue #${issue.number}`;
    const { data: closed } = await octokit.rest.issues.update({ owner: where.owner, repo: where.repo, issue_number: issue.number, state: 'closed', state_reason: 'completed' });
    info(`Escalation issue #${issue.number} closed, as this run succeeded: ${closed.html_url}`);
  } catch (error) {
    const failure = readGitHubFailure(error);
    warn(`Could not ${what}${failure.status ? ` (HTTP ${failure.status})` : ''}: ${asSentence(failure.message)} ${refusalAdvice(failure, '`issues: write`')} The run succeeded either way.`);
  }
}

/** GitHub refused the request for its label: a 422 whose errors name the `Label` resource. */
function refusesLabel(error: unknown): boolean {
  if (readGitHubFailure(error).status !== 422) return false;
  const errors = (error as { response?: { data?: { errors?: unknown } } }).response?.data?.errors;
  return Array.isArray(errors) && errors.some((entry) => (entry as { resource?: unknown } | null)?.resource === 'Label');
}
