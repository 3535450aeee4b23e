import type { RunRecord } from '../../core/run-record.ts';
import { checklistHeader, checklistItems } from '../checklist.ts';
import { formatDuration } from '../format-duration.ts';
import { goalsHeadline, renderGoalsTable, type GoalRow } from '../goals-table.ts';
import { escapeMarkdown } from '../markdown/escape-markdown.ts';
import { statusIcon, statusText } from '../summary/summary-header.ts';
import { todoEntries } from '../todo-entries.ts';

/** GitHub rejects issue comments longer than this. */
export const COMMENT_MAX_CHARS = 65_536;

export interface CommentOptions {
  /** From {@link commentMarker}; it opens the body so the comment can be found again. */
  readonly marker: string;
  /** The workflow run's page, where the job summary holds the full record. */
  readonly runUrl?: string;
  readonly goals?: readonly GoalRow[];
  readonly redact: (text: string) => string;
  /** Defaults to {@link COMMENT_MAX_CHARS} less a margin. */
  readonly maxChars?: number;
}

function summaryLink(runUrl: string | undefined): string {
  return runUrl ? `[the run's job summary](${encodeURI(runUrl)})` : "the run's job summary";
}

function footer(record: RunRecord, options: CommentOptions): string[] {
  const lines: string[] = [];
  if (record.status) {
    const took = record.durationMs === undefined ? '' : ` in ${formatDuration(record.durationMs)}`;
    lines.push(`**Finished: ${statusText(record, options.redact)}**${took}`);
  }
  if (options.goals?.length) {
    lines.push(`#### Goals — ${goalsHeadline(options.goals)}`, renderGoalsTable(options.goals, options.redact, 300));
  }
  if (options.runUrl) lines.push(`[View the run](${encodeURI(options.runUrl)}) · full results in the job summary`);
  return lines;
}

/**
 * The PR comment: marker, a header such as `3/5 complete, 0 failed`, the checklist with each
 * result's first line and any agent's TODO list nested under its step, the final status and goals when finished, and a link to the run. Kept under
 * the comment limit by dropping result lines first, then checklist lines, saying where the rest is.
 */
export function renderComment(record: RunRecord, options: CommentOptions): string {
  const maxChars = options.maxChars ?? COMMENT_MAX_CHARS - 64;
  const name = escapeMarkdown(options.redact(record.plan?.name ?? 'plan'));
  const head = [options.marker, `### ${statusIcon(record.status)} plan-runner: ${name} — ${checklistHeader(record)}`];
  const items = checklistItems(record, options.redact);
  // An agent step's TODO list is nested under its line; the comment is edited in place, so an update changes icons, not lines.
  const nested = items.map((i) => todoEntries(record.steps.get(i.key), options.redact).map((t) => `\n  - ${t.icon} ${escapeMarkdown(t.content)}`).join(''));
  const full = items.map((i, n) => `- ${i.icon} ${escapeMarkdown(`${i.key}. ${i.title}`)}${escapeMarkdown(i.status)}${nested[n]}`);
  const bare = items.map((i, n) => `- ${i.icon} ${escapeMarkdown(`${i.key}. ${i.title}`)}${nested[n]}`);
  const tail = footer(record, options);
  const build = (lines: string[], note?: string): string =>
    [head.join('\n'), lines.join('\n'), note ?? '', ...tail].filter((p) => p !== '').join('\n\n');

  let body = build(full);
  if (body.length <= maxChars) return body;
  const cutNote = `_Results were left out of this comment to stay under GitHub's ${COMMENT_MAX_CHARS.toLocaleString('en-US')}-character limit; see ${summaryLink(options.runUrl)}._`;
  // Drop the longest status texts first, keeping as many result lines as fit.
  const lines = [...full];
  const order = items.map((item, index) => ({ index, length: full[index]!.length - bare[index]!.length }));
  order.sort((a, b) => b.length - a.length);
  let size = build(lines, cutNote).length;
  for (const { index, length } of order) {
    if (size <= maxChars) break;
    lines[index] = bare[index]!;
    size -= length;
  }
  body = build(lines, cutNote);
  if (body.length <= maxChars) return body;
  // Still too long: keep the checklist lines that fit and count the rest.
  const kept: string[] = [];
  const more = (n: number): string => `- … ${n} more step${n === 1 ? '' : 's'}; see ${summaryLink(options.runUrl)}`;
  let used = build([more(items.length)], cutNote).length;
  for (const line of bare) {
    if (used + line.length + 1 > maxChars) break;
    kept.push(line);
    used += line.length + 1;
  }
  return build([...kept, more(items.length - kept.length)], cutNote).slice(0, maxChars);
}
