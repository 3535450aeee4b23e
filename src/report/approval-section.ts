import type { PendingApprovalStep } from '../core/run-event.ts';
import { groupDigits } from '../core/group-digits.ts';
import type { RunRecord } from '../core/run-record.ts';
import { cutText } from './cut-text.ts';
import { inlineCode } from '../core/code-fence.ts';
import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';

/** A person approves arguments they can read: the job summary shows them whole up to this, the comment its start. */
export const SUMMARY_ARGS: ApprovalArgs = { maxChars: 20_000, restAt: 'the trace file' };
export const COMMENT_ARGS: ApprovalArgs = { maxChars: 1_000, restAt: 'the job summary' };

/** How a person approves a paused run, in words that fit the comment and the summary. */
export const HOW_TO_APPROVE =
  'To approve, someone with write access comments `/approve` on this pull request or issue (an `issue_comment` workflow runs plan-runner, which continues this run from its saved state); `/reject` ends it. See "Approval" in the plan-runner README. With the CLI: `plan-runner run PLAN --resume TRACE --approve HASH`.';

/** Where a view's arguments go on, when it shows only their start. */
export interface ApprovalArgs {
  /** The most characters of a step's arguments shown. */
  readonly maxChars: number;
  /** Where the rest is, for a person deciding on all of them. */
  readonly restAt: string;
}

function pendingLine(step: PendingApprovalStep, redact: (text: string) => string, shown: ApprovalArgs): string {
  const what = step.tool ? `calls ${inlineCode(step.tool)}` : step.tools?.length ? `may call ${step.tools.map(inlineCode).join(', ')}` : `a ${step.type} step`;
  const text = step.args === undefined ? '' : redact(JSON.stringify(step.args) ?? '{}');
  const rest = text.length > shown.maxChars ? ` (${groupDigits(text.length - shown.maxChars + 1)} more characters: ${shown.restAt} has them all)` : '';
  const args =
    step.args !== undefined
      ? ` with ${inlineCode(cutText(text, shown.maxChars))}${rest}`
      : step.tool
        ? ' — arguments known when it runs (chosen by the model, or from a step that has not run yet)'
        : '';
  return `- ${escapeInlineMarkdown(`${step.stepKey}. ${cutText(redact(step.title), 100)}`)} — ${what}${args}`;
}

/**
 * The approval part of a report: what a paused run asks a person to approve (its pending steps with
 * their arguments where known), how to approve, and that goals are not checked yet; or the answer
 * a person gave. '' when the run has neither.
 */
export function renderApprovalSection(record: RunRecord, redact: (text: string) => string, level = '###', args: ApprovalArgs = SUMMARY_ARGS): string {
  const parts: string[] = [];
  const decision = record.decision;
  if (decision) {
    const by = decision.by ? ` by @${escapeInlineMarkdown(decision.by)}` : '';
    parts.push(decision.decision === 'approved' ? `✅ Approved${by} (approval ${inlineCode(decision.hash)}).` : `🚫 Rejected${by} (approval ${inlineCode(decision.hash)}): the steps that awaited approval will not run.`);
  }
  const request = record.status === 'awaiting-approval' ? record.approval : undefined;
  if (request) {
    parts.push(
      `${level} ⏸️ Awaiting approval`,
      'Every step that did not need approval (and did not depend on one that does) has run. Goals are not checked yet: they are checked when the run finishes.',
      `${request.pending.length} step${request.pending.length === 1 ? '' : 's'} to approve:`,
      request.pending.map((step) => pendingLine(step, redact, args)).join('\n'),
      `${HOW_TO_APPROVE} Approval hash: ${inlineCode(request.hash)}.`,
    );
  }
  return parts.join('\n\n');
}
