import { cutText } from '../cut-text.ts';
import { attentionClause } from './attention-clause.ts';
import type { PlanStep } from '../../core/plan-step.ts';
import type { ItemRecord, RunRecord, StepRecord } from '../../core/run-record.ts';
import { checklistItems, currentKeys, foundNote, itemProgress, needsAttention, partialNote, previewOf, STATE_ICONS, stepTitle, undoneCount, undoneNote } from '../checklist.ts';
import { formatDuration } from '../format-duration.ts';
import { inlineCode, fencedBlock } from '../../core/code-fence.ts';
import { detailsBlock } from '../markdown/details-block.ts';
import { escapeInlineMarkdown, escapeMarkdown } from '../markdown/escape-markdown.ts';
import { resultJson, resultText } from '../../core/result-text.ts';
import { todoEntries, todoTally } from '../todo-entries.ts';
import type { CuttablePart, SummaryPart } from './summary-part.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { goalListItem, goalsHeadline } from '../goals-table.ts';
import { pushAll } from '../../core/push-all.ts';

const INLINE_MAX = 120;
/** The most lines a cut list of a step's items, or of a used plan's steps, keeps of those that need attention. */
const URGENT_KEPT = 500;
/**
 * A step's title on its line: a description can be a whole prompt, and 400 steps of 3 KB each filled
 * the 1 MiB with titles alone. The plan file has them whole.
 */
const SUMMARY_TITLE_MAX = 300;

function isShort(text: string): boolean {
  return text.length <= INLINE_MAX && !/[\r\n]/.test(text);
}

function stepLine(key: string, title: string, step: StepRecord | undefined, redact: (t: string) => string): string {
  const state = step?.state ?? 'pending';
  // Each fact after ` · `: built as text, not as a list joined (one list a step, 10,000 in a large run's summary).
  let meta = '';
  // As the checklist says it: the result is the earlier run's, not made here (its time is 0).
  if (step?.reused) meta += ' · reused';
  else if (step?.durationMs !== undefined) meta += ` · ${formatDuration(step.durationMs)}`;
  if (step?.attempts !== undefined && step.attempts > 1) meta += ` · ${step.attempts} attempts`;
  if (step && step.usage.modelCalls > 0) meta += ` · ${step.usage.modelCalls} model call${step.usage.modelCalls === 1 ? '' : 's'}`;
  if (step?.agent) {
    const { turns, maxTurns, toolCalls, failedCalls } = step.agent;
    meta += ` · turn ${turns}/${maxTurns} · ${toolCalls} tool call${toolCalls === 1 ? '' : 's'}`;
    if (failedCalls > 0) meta += ` · ${failedCalls} failed or not run`;
  }
  const tally = todoTally(step);
  if (tally) meta += ` · todos ${tally}`;
  return `${STATE_ICONS[state]} **${escapeInlineMarkdown(`${redact(key)}. ${title}`)}**${meta}`;
}

/** The text of one block (result or error), inline when short, else a collapsed cuttable block. */
function textBlock(label: string, text: string, json: boolean, where: string): { inline?: string; part?: CuttablePart } {
  if (isShort(text)) return { inline: json ? inlineCode(text) : escapeInlineMarkdown(text) };
  const size = `${groupDigits(text.length)} characters`;
  return {
    part: {
      full: detailsBlock(`${label} — ${size}`, fencedBlock(text, json ? 'json' : 'text')),
      cut: `_${label} cut from this summary (${size}); the full text is in ${where}._`,
    },
  };
}

/** An item's line, and whether it shows less than the whole of its result or error (its start, or its first line). */
function itemLine(item: ItemRecord, finished: boolean, redact: (t: string) => string): { readonly line: string; readonly partial: boolean } {
  // Another shard's item is not this shard job's to run: ⏭️ would say it was skipped (found by a review).
  const state = item.state === 'pending' && finished && item.runBy === undefined ? 'skipped' : item.state;
  // Redacted before it is escaped: an item's key is data (`key: ${item.id}`), and escaping splits a secret the redactor would know.
  // An agent item's TODO list left open shows on its line (found by an adversarial pass: only a goal's
  // evidence said so, and a run without `all_steps_completed` gave no sign of it).
  const open = item.todos?.filter((todo) => todo.status !== 'completed').length ?? 0;
  const todos = open > 0 ? ` (${groupDigits(open)} of ${groupDigits(item.todos!.length)} TODOs not done)` : '';
  const head = `- ${STATE_ICONS[state]} ${escapeMarkdown(redact(item.key))}${item.reused ? ' (reused)' : ''}${todos}`;
  const shown = (text: string, max?: number): { readonly preview: string; readonly partial: boolean } => {
    const { preview, partial } = previewOf(text, max);
    return { preview: escapeMarkdown(preview), partial };
  };
  if (item.state === 'completed') {
    if (item.result === undefined) return { line: head, partial: false };
    const { preview, partial } = shown(redact(typeof item.result === 'string' ? item.result : (resultJson(item.result) ?? String(item.result))));
    return { line: `${head} → ${preview}`, partial };
  }
  if (item.state === 'failed') {
    const { preview, partial } = shown(redact(item.error ?? 'failed'), 200);
    return { line: `${head} — ${preview}`, partial };
  }
  if (item.state === 'pending') return { line: item.runBy !== undefined ? `${head} — shard ${item.runBy}'s` : finished ? `${head} — not run` : head, partial: false };
  return { line: item.retry ? `${head} — attempt ${item.retry.attempt}/${item.retry.maxAttempts} failed, retrying` : head, partial: false };
}

/**
 * The note under item lines when one shows only the start of its result or error, '' otherwise: said once for the top
 * plan's items and a used plan's alike (a used plan's item line ended in "…" without saying where the rest was, found
 * by an adversarial pass).
 */
function wholeItemsNote(lines: readonly { readonly partial?: boolean }[], where: string): string {
  return lines.some((line) => line.partial) ? `\n\n_An item's line shows the start of its result or error; each is whole in ${where}._` : '';
}

/** Whether an item's line says something went wrong or is under way: it failed or runs, or its agent left TODOs open. */
function itemNeedsAttention(item: ItemRecord): boolean {
  return item.state === 'failed' || item.state === 'in_progress' || (item.todos?.some((todo) => todo.status !== 'completed') ?? false);
}

/**
 * A for_each step's items, one line each, collapsed; cut to the lines of the items that need attention (at
 * most {@link URGENT_KEPT}) when the summary runs out of room. Cut whole, 20,000 items took the 2 that failed,
 * which the header counted, with them (found by an adversarial pass).
 */
function itemsPart(items: readonly ItemRecord[], step: StepRecord, redact: (t: string) => string, where: string): CuttablePart {
  const finished = step.state !== 'in_progress' && step.state !== 'pending';
  const lines = items.map((item) => itemLine(item, finished, redact));
  const label = `${groupDigits(items.length)} item${items.length === 1 ? '' : 's'}${itemProgress(step)}`;
  // Found by an adversarial pass: a line shows a result's first 80 characters, and nothing said where the rest was.
  const whole = wholeItemsNote(lines, where);
  const urgent: number[] = [];
  for (let index = 0; index < items.length && urgent.length < URGENT_KEPT; index++) if (itemNeedsAttention(items[index]!)) urgent.push(index);
  if (urgent.length === 0) return { full: detailsBlock(label, `${lines.map((line) => line.line).join('\n')}${whole}`), cut: `_The ${label} were cut from this summary; every item is in ${where}._` };
  const left = items.length - urgent.length;
  const unfinished = items.reduce((sum, item) => sum + (itemNeedsAttention(item) ? 1 : 0), 0) - urgent.length;
  const which = unfinished === 0 ? '' : `, ${groupDigits(unfinished)} of them failed or unfinished,`;
  const note = `_The other ${groupDigits(left)} of the ${groupDigits(items.length)} items${which} ${left === 1 ? 'was' : 'were'} cut from this summary; every item is in ${where}._`;
  return {
    full: detailsBlock(label, `${lines.map((line) => line.line).join('\n')}${whole}`),
    cut: `${urgent.map((index) => lines[index]!.line).join('\n')}${left > 0 ? `\n\n${note}` : ''}`,
    least: `_The ${label} were cut from this summary; every item is in ${where}._`,
  };
}

function stepParts(key: string, title: string, step: StepRecord | undefined, redact: (t: string) => string, where: string): (string | CuttablePart)[] {
  let line = stepLine(key, title, step, redact);
  const parts: (string | CuttablePart)[] = [];
  if (step?.items) {
    // One line per item instead of the list as one block: the counts head the line, the items fold out.
    // Its counts ("3/3 done") do not show the items its list lacked (drawn from a cut result, or a tool's made from a partial one).
    line += `${escapeMarkdown(itemProgress(step))}${escapeInlineMarkdown(partialNote(step, redact, 500))}${escapeInlineMarkdown(foundNote(step, redact, 500))}`;
    if (step.items.length > 0) parts.push(itemsPart(step.items, step, redact, where));
    if (step.state === 'failed') line += ` — ${escapeMarkdown(cutText(redact(step.error ?? 'failed'), 500))}`;
    return [line, ...parts];
  }
  if (step?.state === 'completed' && step.result !== undefined) {
    const { text, json } = resultText(step.result);
    const block = textBlock('Result', redact(text), json, where);
    if (block.inline !== undefined) line += ` → ${block.inline}`;
    line += escapeInlineMarkdown(partialNote(step, redact, 500));
    if (block.part) parts.push(block.part);
  } else if (step?.state === 'failed') {
    const block = textBlock('Error', redact(step.error ?? 'failed'), false, where);
    if (block.inline !== undefined) line += ` — ${block.inline}`;
    if (block.part) parts.push(block.part);
  } else if (step?.state === 'skipped' && step.skipReason) {
    line += ` — ${escapeInlineMarkdown(redact(step.skipReason))}`;
  } else if (step?.retry) {
    line += ` — attempt ${step.retry.attempt}/${step.retry.maxAttempts} failed, retrying: ${escapeInlineMarkdown(cutText(redact(step.retry.error), 200))}`;
  }
  // A result the run resumed made, found done here: only the trace said so ('' for any other step).
  if (step) line += escapeInlineMarkdown(foundNote(step, redact, 500));
  // What its plan left undone in the run resumed, cut to its count before any step is left out: 500 characters on
  // each of 10,000 reused plan steps left 8,205 of them out of the summary (found by a caps pass).
  const undone = step ? escapeInlineMarkdown(undoneNote(step, redact, 500)) : '';
  const head: string | CuttablePart = undone === '' ? line : { full: `${line}${undone}`, cut: `${line}${escapeInlineMarkdown(undoneCount(step!))}` };
  const todos = step?.todos?.length ? todoEntries(step, redact) : [];
  if (todos.length > 0) parts.unshift(todos.map((todo) => `- ${todo.icon} ${escapeMarkdown(todo.content)}`).join('\n'));
  // A stopped agent's last words say how far it got (a max_turns error already quotes them).
  const last = step?.agent?.lastMessage;
  if (step?.state === 'failed' && last !== undefined && !(step.error ?? '').includes(last.trim().replace(/\s+/g, ' ').slice(0, 100))) {
    parts.push(textBlock('Last message from the agent', redact(last), false, where).part ?? `Last message from the agent: ${escapeMarkdown(redact(last))}`);
  }
  if (parts.length === 0) return [head];
  parts.unshift(head);
  return parts;
}

/**
 * How readily the size cap leaves a step's lines out: a completed step first (1), then one that did not
 * run (2: pending once the run ended, or skipped), and last one that `needsAttention` (3). A step still
 * to come in a run under way is never left out.
 */
function dropRank(step: StepRecord | undefined, ended: boolean): 1 | 2 | 3 | undefined {
  if (needsAttention(step)) return 3;
  const state = step?.state ?? 'pending';
  if (state === 'completed') return 1;
  return state === 'skipped' || (state === 'pending' && ended) ? 2 : undefined;
}

/** A nested run's line, and whether its step needs attention (a ✅ step above a ❌ one does). */
interface NestedLine {
  readonly text: string;
  readonly urgent: boolean;
  /** An item's line that shows only the start of its error. */
  readonly partial?: boolean;
  /** A `for_each` item's line, not a step's. */
  readonly item?: true;
  /** Needs attention, yet completed: work inside it failed or was left undone (a failed item, an open TODO). */
  readonly completed?: true;
}

/**
 * The lines of a plan step's nested run, and of runs nested in theirs, indented under it, in order; under a
 * `for_each` step, the lines of its items that need attention (a failed one's error), as the top plan's step
 * lists them: its counts alone left which item failed, and why, to the trace (found by an adversarial pass).
 */
function nestedLines(step: StepRecord | undefined, redact: (text: string) => string, depth = 1): NestedLine[] {
  const nested = step?.nested;
  if (!nested) return [];
  // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
  return checklistItems(nested, redact).flatMap((item) => {
    const inner = nested.steps.get(item.key);
    const text = `${'  '.repeat(depth - 1)}- ${item.icon} ${escapeMarkdown(`${redact(item.key)}. ${item.title}${item.status}`)}`;
    const finished = inner !== undefined && inner.state !== 'in_progress' && inner.state !== 'pending';
    const items = (inner?.items ?? []).filter(itemNeedsAttention).map((entry) => {
      const { line, partial } = itemLine(entry, finished, redact);
      return { text: `${'  '.repeat(depth)}${line}`, urgent: true, partial, item: true as const, ...(entry.state === 'completed' && { completed: true as const }) };
    });
    const urgent = needsAttention(inner);
    return [{ text, urgent, ...(urgent && inner?.state === 'completed' && { completed: true as const }) }, ...items, ...nestedLines(inner, redact, depth + 1)];
  });
}

/**
 * A plan step's nested run, cuttable to the lines of its steps that need attention (at most
 * {@link URGENT_KEPT}) and a count of the others. One block no cut could shorten, a used plan of 30,000
 * steps was over the 1 MiB alone, and its step left out, the ❌ under it with it (found by an adversarial pass).
 */
function nestedPart(step: StepRecord | undefined, redact: (text: string) => string, where: string): CuttablePart | undefined {
  const lines = nestedLines(step, redact);
  if (lines.length === 0) return undefined;
  const full = `${lines.map((line) => line.text).join('\n')}${wholeItemsNote(lines, where)}`;
  const urgent = lines.filter((line) => line.urgent);
  const kept = urgent.slice(0, URGENT_KEPT);
  const shown = new Set(kept);
  // Steps and items apart: 4,501 failed items of a plan of one step were "4,501 steps of the plans this step uses" (found by an adversarial pass).
  const note = (cut: readonly NestedLine[]): string => {
    const items = cut.reduce((sum, line) => sum + (line.item ? 1 : 0), 0);
    const flagged = cut.reduce((sum, line) => sum + (line.completed ? 1 : 0), 0);
    const unfinished = cut.reduce((sum, line) => sum + (line.urgent ? 1 : 0), 0) - flagged;
    const count = (n: number, noun: string): string => (n === 0 ? '' : `${groupDigits(n)} ${noun}${n === 1 ? '' : 's'}`);
    const what = [count(cut.length - items, 'step'), count(items, 'item')].filter((text) => text !== '').join(' and ');
    return `_… ${what} of the plans this step uses${attentionClause(cut.length, unfinished, flagged)} ${cut.length === 1 ? 'was' : 'were'} cut from this summary; every step${items > 0 ? ' and item' : ''} is in ${where}._`;
  };
  // Every line kept: no cut shortens it, but a count still can (1,000 such plan steps left the last 194 out whole).
  if (kept.length === lines.length) return { full, cut: full, least: note(lines) };
  const rest = note(lines.filter((line) => !shown.has(line)));
  return { full, cut: kept.length > 0 ? `${kept.map((line) => line.text).join('\n')}${wholeItemsNote(kept, where)}\n\n${rest}` : rest, least: note(lines) };
}

/**
 * The goals each plan a `type: plan` step used was checked against (its own and, deeper, its plan steps'),
 * one part per plan: a warning it did not meet, or the evidence its step passed on, shows here.
 */
function usedPlanGoals(path: readonly string[], step: StepRecord | undefined, redact: (text: string) => string): string[] {
  const nested = step?.nested;
  if (!nested) return [];
  const own = nested.goals?.length
    ? [[`Goals of the plan ${escapeInlineMarkdown(redact(path.join(' › ')))} uses — ${goalsHeadline(nested.goals)}:`, ...nested.goals.map((goal) => goalListItem(goal, redact))].join('\n')]
    : [];
  return [...own, ...[...nested.steps].flatMap(([key, inner]) => usedPlanGoals([...path, key], inner, redact))];
}

/**
 * Every step with its full result: the current plan's steps first, then steps an earlier revision
 * replaced (a failure that caused a replan must stay visible). Long results are cuttable parts.
 */
export function renderSummarySteps(record: RunRecord, redact: (text: string) => string, where: string): SummaryPart[] {
  const planSteps: readonly PlanStep[] = record.plan?.steps ?? [];
  const inPlan = currentKeys(planSteps);
  const parts: SummaryPart[] = ['### Steps'];
  for (const planStep of planSteps) {
    const step = record.steps.get(planStep.key);
    const lines = stepParts(planStep.key, stepTitle(planStep, redact, SUMMARY_TITLE_MAX), step, redact, where);
    // A plan step's nested run, indented under it: each inner step with its status.
    // Only a plan step has a nested run, with its lines and the goals of the plans it used.
    if (step?.nested) {
      const inner = nestedPart(step, redact, where);
      if (inner !== undefined) lines.push(inner);
      pushAll(lines, usedPlanGoals([planStep.key], step, redact));
    }
    const rank = dropRank(step, record.status !== undefined);
    if (rank === undefined) pushAll(parts, lines);
    else parts.push({ lines, rank, ...(rank === 3 && step?.state === 'completed' && { completed: true as const }) });
  }
  const replaced = [...record.steps.values()].filter((step) => !inPlan.has(step.key));
  if (replaced.length > 0) {
    parts.push('#### Replaced by a plan revision');
    for (const step of replaced) {
      const planStep = record.replacedPlanSteps?.get(step.key);
      pushAll(parts, stepParts(step.key, planStep ? stepTitle(planStep, redact, SUMMARY_TITLE_MAX) : 'replaced step', step, redact, where));
    }
  }
  return parts;
}
