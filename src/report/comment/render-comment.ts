import { jobDurationMs, type RunRecord, type StepRecord } from '../../core/run-record.ts';
import type { PlanStep } from '../../core/plan-step.ts';
import { briefStatus, checklistHeader, checklistItem, STATE_ICONS, stepTitle } from '../checklist.ts';
import { formatDuration } from '../format-duration.ts';
import { cutMarkdown, cutText } from '../cut-text.ts';
import { goalsHeadline, renderGoalsTable, type GoalRow } from '../goals-table.ts';
import { escapeInlineMarkdown } from '../markdown/escape-markdown.ts';
import { statusIcon, statusText } from '../summary/summary-header.ts';
import { todoEntries } from '../todo-entries.ts';
import { COMMENT_ARGS, renderApprovalSection } from '../approval-section.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { attentionAt, cutLevel, itemLines, leftOutOf, moreStepsCount, nestedLines, type ItemLines, type LeftOut } from './used-plan-lines.ts';

/** Goals the comment's table shows (those not met first): 40 rows of 300-character evidence leave room for the checklist. */
const COMMENT_GOAL_ROWS = 40;

/** GitHub rejects issue comments longer than this. */
export const COMMENT_MAX_CHARS = 65_536;

export interface CommentOptions {
  /** From {@link commentMarker}; it opens the body so the comment can be found again. */
  readonly marker: string;
  /** The workflow run's page, where the job summary holds the full record. */
  readonly runUrl?: string;
  readonly goals?: readonly GoalRow[];
  readonly redact: (text: string) => string;
  /** A line under the header, e.g. that the run resumed an earlier attempt. */
  readonly note?: string;
  /** The job's `run-key`: shown after the plan's name, so the legs of a matrix can tell their comments apart. */
  readonly runKey?: string;
  /** Defaults to {@link COMMENT_MAX_CHARS} less a margin. */
  readonly maxChars?: number;
}

function summaryLink(runUrl: string | undefined): string {
  return runUrl ? `[the run's job summary](${encodeURI(runUrl)})` : "the run's job summary";
}

/** Steps a plan revision replaced: at most this many lines, the rest counted. */
const REPLACED_STEP_LINES = 5;

/**
 * The steps a plan revision replaced, those that failed first, each with its error's first words or why it did not
 * run: the checklist shows the current revision, where they no longer are. A failure the run recovered from showed
 * nowhere (found by an adversarial pass: the comment said `3/3 complete, 0 failed, 2 replaced` and nothing else);
 * then the steps replaced before they ran, which the header counts (found by a hunt across the views).
 */
function replacedSteps(record: RunRecord, options: CommentOptions): string | undefined {
  if (!record.replacedPlanSteps) return undefined;
  const replaced = [...record.replacedPlanSteps.values()];
  const failed = (planStep: PlanStep): boolean => record.steps.get(planStep.key)?.state === 'failed';
  const ordered = [...replaced.filter(failed), ...replaced.filter((planStep) => !failed(planStep))];
  if (ordered.length === 0) return undefined;
  const lines = ordered.slice(0, REPLACED_STEP_LINES).map((planStep) => {
    const item = checklistItem(planStep, record.steps.get(planStep.key), options.redact);
    return `- ${item.icon} ${escapeInlineMarkdown(cutText(`${item.key}. ${item.title}${item.status}`, 300))}`;
  });
  const rest = ordered.length - lines.length;
  if (rest > 0) lines.push(`- … ${rest} more; see ${summaryLink(options.runUrl)}`);
  return ['**Replaced by a plan revision:**', ...lines].join('\n');
}

function footer(record: RunRecord, options: CommentOptions): string[] {
  const lines: string[] = [];
  const replaced = replacedSteps(record, options);
  if (replaced) lines.push(replaced);
  if (record.status) {
    const took = record.durationMs === undefined ? '' : ` in ${formatDuration(jobDurationMs(record))}`;
    lines.push(`**Finished: ${statusText(record, options.redact)}**${took}`);
  }
  const approval = renderApprovalSection(record, options.redact, '####', COMMENT_ARGS);
  if (approval) lines.push(approval);
  if (options.goals?.length) {
    lines.push(`#### Goals — ${goalsHeadline(options.goals)}`, renderGoalsTable(options.goals, options.redact, 300, COMMENT_GOAL_ROWS, summaryLink(options.runUrl)));
  }
  if (options.runUrl) lines.push(`[View the run](${encodeURI(options.runUrl)}) · full results in the job summary`);
  return lines;
}

/** A nested line that says something went wrong or is under way: an agent's TODO. */
const URGENT_NESTED = /^\s*- (?:❌|⏳|⏸️|⏹️)/u;

/**
 * An entry too long to keep whole, in at most `room` characters, or undefined: its own line, then what under
 * it needs attention as long as it fits. Cut to its first line, a plan step with 700 steps under it kept
 * `✅ p. plan` alone, and the ❌ under it went (found by an adversarial pass).
 */
function cutEntry(lines: ItemLines, room: number): string | undefined {
  if (lines.used) {
    const inner = cutLevel(lines.used.level, room - lines.used.head.length);
    return inner === undefined ? undefined : `${lines.used.head}${inner}`;
  }
  const [head, ...nested] = lines.bare.split('\n');
  let kept = head!;
  for (const line of nested) {
    if (!URGENT_NESTED.test(line)) continue;
    if (kept.length + 1 + line.length > room) break;
    kept += `\n${line}`;
  }
  return kept.length <= room ? kept : undefined;
}

/**
 * The PR comment: marker, a header such as `3/5 complete, 0 failed`, the checklist with each
 * result's first line and any agent's TODO list nested under its step, the final status and goals when finished, and a link to the run. Kept under
 * the comment limit by dropping result lines first, then checklist lines, saying where the rest is.
 */
export function renderComment(record: RunRecord, options: CommentOptions): string {
  const maxChars = options.maxChars ?? COMMENT_MAX_CHARS - 64;
  const key = options.runKey === undefined ? '' : ` (${escapeInlineMarkdown(options.redact(options.runKey))})`;
  const name = `${escapeInlineMarkdown(options.redact(record.plan?.name ?? 'plan'))}${key}`;
  const head = [options.marker, `### ${statusIcon(record.status)} plan-runner: ${name} — ${checklistHeader(record)}`, ...(options.note ? ['', escapeInlineMarkdown(options.note)] : [])].join('\n');
  const tail = footer(record, options);
  const build = (lines: string[], note?: string): string =>
    [head, lines.join('\n'), note ?? '', ...tail].filter((p) => p !== '').join('\n\n');
  // The length `build` would return, without building it: a comment is rendered often, 10,000 lines long.
  const fixedParts = [head, ...tail].filter((p) => p !== '');
  const fixedChars = fixedParts.reduce((sum, part) => sum + part.length, 0);
  const sizeOf = (lineChars: number, lineCount: number, note?: string): number => {
    const parts = fixedParts.length + (lineCount ? 1 : 0) + (note ? 1 : 0);
    return fixedChars + (lineCount ? lineChars + lineCount - 1 : 0) + (note?.length ?? 0) + 2 * (parts - 1);
  };
  const cutNote = `_Results were left out of this comment to stay under GitHub's ${groupDigits(COMMENT_MAX_CHARS)}-character limit; see ${summaryLink(options.runUrl)}._`;
  // How many of them failed, when any did: only the header's count said so (found by an adversarial pass). And how many
  // completed past failed or undone work (a failed item, an open TODO), as the summary's notice says: `… 2,900 more
  // steps` read as fine (found by a cross-view pass).
  // And how many run or await approval, which the summary's notice counts with the failed (found by a cross-view pass).
  const more = (n: number, why: LeftOut): string => `- ${moreStepsCount(n, why)}; see ${summaryLink(options.runUrl)}`;
  const steps = record.plan?.steps ?? [];
  // The lines of the entries with lines under them (a used plan, a TODO list), by position: a cut keeps what of them needs attention.
  const drawn = new Map<number, ItemLines>();
  const bareAt = (index: number): string => {
    const planStep = steps[index]!;
    const step = record.steps.get(planStep.key);
    if (!step?.nested && !step?.todos?.length) return bareLine(planStep, step, options.redact);
    const lines = entryLines(planStep, record, options.redact, maxChars);
    drawn.set(index, lines);
    return lines.bare;
  };

  // Still too long without any result line: keep the checklist lines that fit and count the rest. The
  // lines of steps that failed, run or wait go in first, so what went wrong stays in view; an entry too
  // long whole (an agent's TODO list, a nested run) keeps its own line and what under it needs attention (see `cutEntry`).
  // `bare` holds the lines up to where they overflowed; the others are made only when looked at.
  const countRest = (bare: readonly string[]): string => {
    const kept = new Map<number, string>();
    // Marked from the run record, not by looking up every plan step: most runs have few such steps, and
    // a comment over 10,000 steps is redrawn every second.
    const attention = attentionAt(steps, record);
    const urgentAt = attention.urgent;
    // Room for the count line as it would read with every step left out, and every one that needs attention among them.
    let used = sizeOf(more(steps.length, leftOutOf(attention, () => true)).length, 1, cutNote);
    // No line is shorter than an icon and a key: with less room than that left, nothing more is made.
    const full = (): boolean => used + 6 > maxChars;
    const keep = (index: number): boolean => {
      if (full()) return false;
      const whole = bare[index] ?? bareAt(index);
      const entry = drawn.get(index);
      const line = used + whole.length + 1 <= maxChars ? whole : entry && cutEntry(entry, maxChars - used - 1);
      if (line === undefined || used + line.length + 1 > maxChars) return false;
      kept.set(index, line);
      used += line.length + 1;
      return true;
    };
    // Up to the first that does not fit, as for the others: each line tried is made (redacted, escaped).
    if (urgentAt) for (let index = 0; index < steps.length && !full(); index++) if (urgentAt[index] && !keep(index)) break;
    // The others in order, up to the first that does not fit: only the lines shown are made.
    for (let index = 0; index < steps.length; index++) if (!urgentAt?.[index] && !keep(index)) break;
    const lines = [...kept.keys()].sort((a, b) => a - b).map((index) => kept.get(index)!);
    return cutMarkdown(build(kept.size < steps.length ? [...lines, more(steps.length - kept.size, leftOutOf(attention, (index) => !kept.has(index)))] : lines, cutNote), maxChars);
  };

  // When the lines without results already overflow, so do the lines with them: the comment is
  // the lines that fit and a count, and only those are computed, not 10,000 result lines.
  const bare: string[] = [];
  let bareChars = 0;
  for (let index = 0; index < steps.length; index++) {
    const line = bareAt(index);
    bare.push(line);
    bareChars += line.length;
    if (sizeOf(bareChars, bare.length) > maxChars) return countRest(bare);
  }

  const items = steps.map((planStep) => entryLines(planStep, record, options.redact));
  const fullChars = items.reduce((sum, item) => sum + item.full.length, 0);
  if (sizeOf(fullChars, items.length) <= maxChars) return build(items.map((item) => item.full));
  // Drop the longest status texts first, keeping as many result lines as fit.
  const lines = items.map((item) => item.full);
  const order = items.map((item, index) => ({ index, length: item.full.length - item.bare.length }));
  order.sort((a, b) => b.length - a.length);
  let size = sizeOf(fullChars, items.length, cutNote);
  for (const { index, length } of order) {
    if (size <= maxChars) break;
    lines[index] = items[index]!.bare;
    size -= length;
  }
  if (size <= maxChars) return build(lines, cutNote);
  return countRest(bare);
}

/**
 * A step's lines in the comment: its checklist line, and a nested run's steps or an agent's TODO list
 * under it. Past `limit` characters a nested run's lines stop: no longer than that is all a caller
 * asks of a longer entry (it cuts such an entry to what needs attention, see {@link cutEntry}).
 */
function entryLines(planStep: PlanStep, record: RunRecord, redact: (text: string) => string, limit = Number.POSITIVE_INFINITY): ItemLines {
  const step = record.steps.get(planStep.key);
  const item = checklistItem(planStep, step, redact);
  const lines = itemLines(item, step);
  // A plan step's nested run: its steps indented under it, bare (counts and icons, not results).
  const level = step?.nested ? nestedLines(step.nested, redact, limit - lines.bare.length) : undefined;
  if (level && level.text !== '') return { full: `${lines.full}${level.text}`, bare: `${lines.bare}${level.text}`, used: { head: lines.bare, level } };
  // An agent step's TODO list is nested under its line; the comment is edited in place, so an update changes icons, not lines.
  if (!step?.todos?.length) return lines;
  const nested = todoEntries(step, redact).map((t) => `\n  - ${t.icon} ${escapeInlineMarkdown(t.content)}`).join('');
  return { full: `${lines.full}${nested}`, bare: `${lines.bare}${nested}` };
}

// A step's escaped `key. title`, by plan step: it does not change while the step runs.
const escapedLabels = new WeakMap<PlanStep, { readonly redact: (text: string) => string; readonly label: string }>();

/** `entryLines(…).bare` of a step with nothing nested under it, without computing its status (its result's first line). */
function bareLine(planStep: PlanStep, step: StepRecord | undefined, redact: (text: string) => string): string {
  let cached = escapedLabels.get(planStep);
  if (cached?.redact !== redact) {
    cached = { redact, label: escapeInlineMarkdown(`${planStep.key}. ${stepTitle(planStep, redact)}`) };
    escapedLabels.set(planStep, cached);
  }
  return `- ${STATE_ICONS[step?.state ?? 'pending']} ${cached.label}${step ? briefStatus(step) : ''}`;
}
