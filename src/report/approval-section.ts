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
  /** The most characters of each part a step shows: its arguments, an agent's task, its tools. */
  readonly maxChars: number;
  /** The most characters of those parts of all pending steps together: sixty 18 KB manifests filled the summary. */
  readonly maxTotalChars: number;
  /** The most pending steps listed; a line says how many more there are. */
  readonly maxSteps: number;
  /** Where the rest is, for a person deciding on all of them. */
  readonly restAt: string;
}

/**
 * What is left of a view's room for what its pending steps show past their titles: an agent's tools and task, a
 * used plan's path and why it waits, and arguments, shared part by part. Counted for arguments alone, 50 agents'
 * tasks and tools made the comment's approval list longer than the comment, and its checklist, the ❌ lines
 * too, went (found by an adversarial pass).
 */
class PendingRoom {
  readonly shown: ApprovalArgs;
  #left: number;
  constructor(shown: ApprovalArgs) {
    this.shown = shown;
    this.#left = shown.maxTotalChars;
  }
  /** The most characters the next part may show: a step's `maxChars`, and no more than is left. */
  get next(): number {
    return Math.max(0, Math.min(this.shown.maxChars, this.#left));
  }
  take(chars: number): void {
    this.#left -= chars;
  }
}

/** An agent's tools, as many as fit, and how many more there are. */
function toolsPart(tools: readonly string[], room: PendingRoom): string {
  const fits = room.next;
  const names: string[] = [];
  let used = 0;
  for (const tool of tools) {
    const name = inlineCode(tool);
    if (used + name.length > fits) break;
    names.push(name);
    used += name.length + 2;
  }
  room.take(used);
  const more = tools.length - names.length;
  if (more === 0) return `may call ${names.join(', ')}`;
  const count = `${groupDigits(more)}${names.length ? ' more' : ''} tool${more === 1 ? '' : 's'}`;
  return `may call ${names.length ? `${names.join(', ')} and ` : ''}${count} (${room.shown.restAt} lists them)`;
}

/**
 * `text`'s start within the room, as `show` writes it (its length as written is what the room loses: a code
 * span of backticks is three times its text); undefined when too little room is left to show a start worth reading.
 */
function fitted(text: string, room: PendingRoom, show: (cut: string) => string, minimum = 20): string | undefined {
  const fits = room.next;
  if (text.length > fits && fits < minimum) return undefined;
  const shown = show(cutText(text, fits));
  room.take(shown.length);
  return shown;
}

function pendingLine(step: PendingApprovalStep, redact: (text: string) => string, room: PendingRoom): string {
  const { restAt } = room.shown;
  const what = step.tool
    ? `calls ${inlineCode(step.tool)}`
    : step.tools?.length
      ? toolsPart(step.tools, room)
      : step.uses !== undefined
        ? `runs the plan ${fitted(cutText(redact(step.uses), 200), room, inlineCode, 60) ?? inlineCode(cutText(redact(step.uses), 60))}, all of it`
        : `a ${step.type} step`;
  // Why a plan step waits: which of the used plan's steps asks, and for what; it runs all of that plan on one approval.
  const reason = step.uses === undefined || step.reason === undefined ? undefined : (fitted(cutText(oneLogLine(redact(step.reason)), 300), room, escapeInlineMarkdown, 40) ?? `why it waits: ${restAt} says`);
  const why = reason === undefined ? '' : ` (${reason})`;
  // What an agent works on, where its title is not it: the comment shows its start, as of arguments.
  const taskText = step.task === undefined ? undefined : redact(step.task);
  const task =
    taskText === undefined ? '' : `, working on ${fitted(taskText, room, inlineCode) ?? `a task of ${groupDigits(taskText.length)} characters (${restAt} has it)`}`;
  const title = `- ${escapeInlineMarkdown(`${step.stepKey}. ${cutText(redact(step.title), 100)}`)} — ${what}${task}${why}`;
  const text = step.args === undefined ? '' : redact(JSON.stringify(step.args) ?? '{}');
  const maxChars = room.next;
  if (step.args !== undefined && maxChars < 20 && text.length > maxChars) {
    return `${title} with ${groupDigits(text.length)} characters of arguments: ${restAt} has them`;
  }
  const rest = text.length > maxChars ? ` (${groupDigits(text.length - maxChars + 1)} more characters: ${restAt} has them all)` : '';
  const shown = inlineCode(cutText(text, maxChars));
  room.take(shown.length);
  const args =
    step.args !== undefined
      ? ` with ${shown}${rest}`
      : step.tool
        ? ' — arguments known when it runs (chosen by the model, or from a step that has not run yet)'
        : '';
  return `${title}${args}`;
}

/** The pending steps' lines, within the view's room: each step's parts and all of them together. */
function pendingLines(pending: readonly PendingApprovalStep[], redact: (text: string) => string, shown: ApprovalArgs): string {
  const room = new PendingRoom(shown);
  const lines = pending.slice(0, shown.maxSteps).map((step) => pendingLine(step, redact, room));
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
