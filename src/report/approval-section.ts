import type { PendingApprovalStep } from '../core/run-event.ts';
import { groupDigits } from '../core/group-digits.ts';
import type { RunRecord } from '../core/run-record.ts';
import { oneLogLine } from './checklist.ts';
import { cutText } from './cut-text.ts';
import { inlineCode } from '../core/code-fence.ts';
import { escapeInlineMarkdown } from './markdown/escape-markdown.ts';

/** A person approves arguments they can read: the job summary shows them whole up to this, the comment its start. */
export const SUMMARY_ARGS: ApprovalArgs = { maxChars: 20_000, maxTotalChars: 200_000, maxSteps: 1_000, restAt: 'the trace file' };
export const COMMENT_ARGS: ApprovalArgs = { maxChars: 1_000, maxTotalChars: 10_000, maxSteps: 50, restAt: 'the job summary' };

/** How a person approves a paused run, in words that fit the comment and the summary. */
export const HOW_TO_APPROVE =
  'To approve, someone with write access comments `/approve` on this pull request or issue (an `issue_comment` workflow runs plan-runner, which continues this run from its saved state); `/reject` ends it. See "Approval" in the plan-runner README. With the CLI: `plan-runner run PLAN --resume TRACE --approve HASH`.';

/** Where a view's arguments go on, when it shows only their start. */
export interface ApprovalArgs {
  /** The most characters of a step's arguments shown. */
  readonly maxChars: number;
  /** The most characters of all pending steps' arguments together: sixty 18 KB manifests filled the summary. */
  readonly maxTotalChars: number;
  /** The most pending steps listed; a line says how many more there are. */
  readonly maxSteps: number;
  /** Where the rest is, for a person deciding on all of them. */
  readonly restAt: string;
}

/** `maxChars`: what is left of the view's room for arguments (at most ApprovalArgs.maxChars). */
function pendingLine(step: PendingApprovalStep, redact: (text: string) => string, shown: ApprovalArgs, maxChars: number): { line: string; used: number } {
  const what = step.tool
    ? `calls ${inlineCode(step.tool)}`
    : step.tools?.length
      ? `may call ${step.tools.map(inlineCode).join(', ')}`
      : step.uses !== undefined
        ? `runs the plan ${inlineCode(cutText(redact(step.uses), 200))}, all of it`
        : `a ${step.type} step`;
  // Why a plan step waits: which of the used plan's steps asks, and for what; it runs all of that plan on one approval.
  const why = step.uses === undefined || step.reason === undefined ? '' : ` (${escapeInlineMarkdown(cutText(oneLogLine(redact(step.reason)), 300))})`;
  // What an agent works on, where its title is not it: the comment shows its start, as of arguments.
  const task = step.task === undefined ? '' : `, working on ${inlineCode(cutText(redact(step.task), Math.max(maxChars, 200)))}`;
  const title = `- ${escapeInlineMarkdown(`${step.stepKey}. ${cutText(redact(step.title), 100)}`)} — ${what}${task}${why}`;
  const text = step.args === undefined ? '' : redact(JSON.stringify(step.args) ?? '{}');
  if (step.args !== undefined && maxChars < 20 && text.length > maxChars) {
    return { line: `${title} with ${groupDigits(text.length)} characters of arguments: ${shown.restAt} has them`, used: 0 };
  }
  const rest = text.length > maxChars ? ` (${groupDigits(text.length - maxChars + 1)} more characters: ${shown.restAt} has them all)` : '';
  const cut = cutText(text, maxChars);
  const args =
    step.args !== undefined
      ? ` with ${inlineCode(cut)}${rest}`
      : step.tool
        ? ' — arguments known when it runs (chosen by the model, or from a step that has not run yet)'
        : '';
  return { line: `${title}${args}`, used: cut.length };
}

/** The pending steps' lines, within the view's room: each step's arguments and all of them together. */
function pendingLines(pending: readonly PendingApprovalStep[], redact: (text: string) => string, shown: ApprovalArgs): string {
  const lines: string[] = [];
  let room = shown.maxTotalChars;
  for (const step of pending.slice(0, shown.maxSteps)) {
    const { line, used } = pendingLine(step, redact, shown, Math.min(shown.maxChars, room));
    lines.push(line);
    room -= used;
  }
  const more = pending.length - lines.length;
  if (more > 0) lines.push(`- … ${groupDigits(more)} more step${more === 1 ? '' : 's'} to approve: ${shown.restAt} lists them`);
  return lines.join('\n');
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
      // How to approve, and the hash, before the list: however long the list, a cut view keeps them.
      `${HOW_TO_APPROVE} Approval hash: ${inlineCode(request.hash)}.`,
      `${request.pending.length} step${request.pending.length === 1 ? '' : 's'} to approve:`,
      pendingLines(request.pending, redact, args),
    );
  }
  return parts.join('\n\n');
}
