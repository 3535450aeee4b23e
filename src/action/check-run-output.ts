import { checklistHeader } from '../report/checklist.ts';
import { goalsHeadline, renderGoalsTable } from '../report/goals-table.ts';
import { escapeInlineMarkdown } from '../report/markdown/escape-markdown.ts';
import type { Redactor } from '../core/redact.ts';
import { reasonText, statusIcon } from '../report/summary/summary-header.ts';
import { reasonAfterStatus } from '../report/status-reason.ts';
import { loadNeutraliser } from '../security/load-neutraliser.ts';
import type { CheckConclusion, CheckRunResult } from './check-run.ts';
import type { FinalReport } from '../report/final-report.ts';
import { INTERNAL_ERROR_TITLE } from '../report/rejected-report.ts';
import { cutMarkdownBytes } from '../report/cut-text.ts';
import { groupDigits } from '../core/group-digits.ts';

/** GitHub's limit for a check run's output summary, in bytes (github/docs#35252; the REST docs say characters). */
export const CHECK_RUN_SUMMARY_MAX_BYTES = 65_535;

/** Goal rows a check run shows (each at most ~550 characters: 40 take 22,000 of its 65,535). */
const CHECK_RUN_GOAL_ROWS = 40;

/**
 * What the completed check run shows: the status, and the goals table that decided it. Tool and
 * model text in it (reasons, evidence) is neutralised: no mention, reference or foreign link.
 */
export async function checkRunResult(report: FinalReport, conclusion: CheckConclusion, redact: Redactor, runUrl?: string, repositoryUrl?: string): Promise<CheckRunResult> {
  const headline = report.goals.length ? ` — ${goalsHeadline(report.goals)}` : '';
  const reason = reasonAfterStatus(report.status, report.reason, (text) => reasonText(text, redact));
  const body = report.planErrors.length
    ? [report.markdown]
    : [
        `${statusIcon(report.status)} **Status:** ${report.status}${reason}`,
        // The steps' counts, as every other view heads its checklist: a run that went on past a failed step under
        // `on_failure: continue` succeeded here with no word of the failure the log, comment and summary count (found by an adversarial hunt).
        ...(report.record?.plan ? [`**Steps:** ${checklistHeader(report.record)}`] : []),
        // As the comment shows them: the goals not met first, and a bounded table. Whole, 400 goals passed the
        // check run's 65,535 characters and its cut end took every ❌ row (found by an adversarial pass).
        report.goals.length ? renderGoalsTable(report.goals, redact, 300, CHECK_RUN_GOAL_ROWS, 'the job summary') : noGoalsLine(report),
      ];
  const policy = { allowUrls: repositoryUrl ? [repositoryUrl] : [] };
  const neutralise = await loadNeutraliser(policy, redact, 'rendered');
  // The title is plain text on GitHub, and plan-runner's own words (a status, a count of goals): nothing in it is escaped.
  const title = await loadNeutraliser(policy, redact, 'title');
  const summary = neutralise(redact(body.join('\n\n')));
  return { conclusion, title: title(redact(`${report.status}${headline}`)), summary, ...(runUrl && { link: `[View the run and its job summary](${encodeURI(runUrl)})` }) };
}

/**
 * The summary a check run is written with: `result`'s, then its link to the run, within what a check run holds. A summary
 * too long (a rejected plan's report, with the shared-name advice before it) is cut first, saying so, so the link stays.
 * Cut with the rest by the write, it went (found by a caps hunt).
 */
export function checkRunSummary(result: CheckRunResult): string {
  const { summary } = result;
  const link = result.link === undefined ? '' : `\n\n${result.link}`;
  if (Buffer.byteLength(summary) + Buffer.byteLength(link) <= CHECK_RUN_SUMMARY_MAX_BYTES) return `${summary}${link}`;
  const cut = `\n\n_The report was cut here to stay under a check run's ${groupDigits(CHECK_RUN_SUMMARY_MAX_BYTES)} bytes; the job summary has it whole._`;
  return `${cutMarkdownBytes(summary, CHECK_RUN_SUMMARY_MAX_BYTES - Buffer.byteLength(cut) - Buffer.byteLength(link))}${cut}${link}`;
}

/**
 * The check run's line where it has no goal rows. Only a run whose goals were checked (its record has their verdicts,
 * none) declares none: a paused run's and a killed main step's check run said "The plan declares no goals" of the
 * required goal it gates on (found by an adversarial pass). No record: nothing ran to judge (mode: plan, a cancel
 * before the first step), or what ran is not known.
 */
function noGoalsLine(report: FinalReport): string {
  if (report.record?.goals !== undefined) return '_The plan declares no goals; the run itself decided._';
  if (report.status === 'awaiting-approval') return '_Goals are not checked yet: they are checked when the approved run finishes._';
  return '_No goal was checked._';
}

/**
 * What the check run shows when plan-runner itself failed: a failure naming the internal error (never a pass).
 * The error's message can quote what a plan, a tool or a model gave (a reason, a key, a path), so it is
 * neutralised as every other GitHub write is. Where the neutraliser cannot load (what broke may be that), the
 * message stays in the job log and the check run says so: nothing un-neutralised reaches GitHub.
 */
export async function internalErrorResult(error: unknown, redact: Redactor, runUrl?: string, repositoryUrl?: string): Promise<CheckRunResult> {
  const message = redact(error instanceof Error ? error.message : String(error));
  const link = runUrl ? `\n\n[View the run](${encodeURI(runUrl)})` : '';
  const status = `${statusIcon('failed')} **Status:** failed: ${INTERNAL_ERROR_TITLE}`;
  let summary: string;
  try {
    const neutralise = await loadNeutraliser({ allowUrls: repositoryUrl ? [repositoryUrl] : [] }, redact, 'rendered');
    summary = neutralise(`${status}: ${escapeInlineMarkdown(message)}${link}`);
  } catch {
    summary = redact(`${status}. The error is in the job log.${link}`);
  }
  return { conclusion: 'failure', title: INTERNAL_ERROR_TITLE, summary };
}
