import type { RunStatus } from '../../core/run-event.ts';
import { jobDurationMs, type RunRecord } from '../../core/run-record.ts';
import { checklistHeader } from '../checklist.ts';
import { formatDuration } from '../format-duration.ts';
import { escapeInlineMarkdown } from '../markdown/escape-markdown.ts';
import { cutText } from '../cut-text.ts';
import { reasonAfterStatus } from '../status-reason.ts';

const STATUS_ICONS: Readonly<Record<RunStatus, string>> = {
  succeeded: '✅',
  failed: '❌',
  'goals-unmet': '🎯',
  escalated: '🆘',
  cancelled: '⏹️',
  'awaiting-approval': '⏸️',
  rejected: '🚫',
};

/** The icon for how a run ended, or ⏳ while it runs. */
export function statusIcon(status: RunStatus | undefined): string {
  return status ? STATUS_ICONS[status] : '⏳';
}

/** The most of a run's reason a status line shows (a model or a tool may have written it). */
const MAX_REASON_CHARS = 1000;

/** A reason as a status line shows it: redacted, cut and escaped as inline Markdown (it may quote a tool, a model or a trace). */
export function reasonText(reason: string, redact: (text: string) => string): string {
  return escapeInlineMarkdown(cutText(redact(reason), MAX_REASON_CHARS));
}

/** What the status means, in words a reader can act on. */
export function statusText(record: RunRecord, redact: (text: string) => string): string {
  // A reason that repeats the status (a cancel's `cancelled (SIGINT)`) reads `cancelled (SIGINT)`, not `cancelled: cancelled (SIGINT)`.
  const reason = reasonAfterStatus(record.status, record.reason, (text) => reasonText(text, redact));
  switch (record.status) {
    case undefined:
      return 'running';
    case 'escalated':
      return `escalated — a person is needed${reason}`;
    case 'awaiting-approval':
      return `awaiting approval — it ran every step it could; the rest waits for a person to approve${reason}`;
    case 'goals-unmet':
      return `goals unmet — the run finished but its result does not meet a required goal${reason}`;
    default:
      return `${record.status}${reason}`;
  }
}

/** The goal as the header shows it: a plan's goal may be a long task, and the plan file has it whole. */
const GOAL_MAX_CHARS = 2_000;

/**
 * The plan's goal as the summary and the plan preview show it, cut to GOAL_MAX_CHARS: redacted before
 * it is cut, so that a cut cannot split a secret out of the redactor's sight.
 */
export function goalLine(goal: string, redact: (text: string) => string): string {
  return `**Goal:** ${escapeInlineMarkdown(cutText(redact(goal), GOAL_MAX_CHARS))}`;
}

/** Title, status line and goal of the summary. */
export function renderSummaryHeader(record: RunRecord, redact: (text: string) => string): string {
  const name = escapeInlineMarkdown(redact(record.plan?.name ?? 'plan'));
  const facts = [`**Status:** ${statusText(record, redact)}`, checklistHeader(record)];
  if (record.durationMs !== undefined) facts.push(`took ${formatDuration(jobDurationMs(record))}`);
  if (record.revisions.length > 0 && record.plan) facts.push(`plan revision ${record.plan.revision}`);
  const lines = [`## ${statusIcon(record.status)} plan-runner: ${name}`, '', facts.join(' · ')];
  if (record.plan?.goal) lines.push('', goalLine(record.plan.goal, redact));
  return lines.join('\n');
}
