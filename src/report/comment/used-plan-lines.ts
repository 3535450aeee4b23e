import type { PlanStep } from '../../core/plan-step.ts';
import type { RunRecord, StepRecord } from '../../core/run-record.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { briefStatus, checklistItem, needsAttention, type ChecklistItem } from '../checklist.ts';
import { escapeInlineMarkdown } from '../markdown/escape-markdown.ts';

// The comment's lines of a step and of the plan a `type: plan` step uses, drawn as far as a comment could
// hold them, and cut to what needs attention with a count of the rest at each level.

/** `… 2,999 more steps (1 failed)`: the steps of a level of a used plan a comment does not draw. */
function moreSteps(depth: number, count: number, why: LeftOut): string {
  return `\n${'  '.repeat(depth)}- ${moreStepsCount(count, why)}`;
}

/**
 * Of the steps a cut left out, how many need attention, by why: they failed, they run or await approval (`unfinished`,
 * as the job summary's notice counts them with the failed), or they completed with work inside failed or left undone.
 */
export interface LeftOut {
  readonly failed: number;
  readonly unfinished: number;
  readonly flagged: number;
}

/**
 * Why a step needs attention, as {@link LeftOut} counts it; undefined for one that does not, and for a pending or skipped
 * step that needs it only for what its used plan holds (no count line names those).
 */
function leftOutKind(step: StepRecord | undefined): keyof LeftOut | undefined {
  if (!needsAttention(step)) return undefined;
  if (step!.state === 'failed') return 'failed';
  if (step!.state === 'in_progress' || step!.state === 'waiting') return 'unfinished';
  return step!.state === 'completed' ? 'flagged' : undefined;
}

/**
 * A cut's count of the steps it left out: `… 12 more steps (3 failed, 2 running or awaiting approval, 1 completed with
 * work inside failed or left undone)`, one rule for the comment's own steps and a used plan's.
 */
export function moreStepsCount(count: number, why: LeftOut): string {
  const which = [
    why.failed > 0 ? `${groupDigits(why.failed)} failed` : '',
    why.unfinished > 0 ? `${groupDigits(why.unfinished)} running or awaiting approval` : '',
    why.flagged > 0 ? `${groupDigits(why.flagged)} completed with work inside failed or left undone` : '',
  ]
    .filter((text) => text !== '')
    .join(', ');
  return `… ${groupDigits(count)} more step${count === 1 ? '' : 's'}${which ? ` (${which})` : ''}`;
}

/** `why` with one more step of `kind`. */
function plusOne(why: LeftOut, kind: keyof LeftOut | undefined): LeftOut {
  return kind === undefined ? why : { ...why, [kind]: why[kind] + 1 };
}

/**
 * A used plan's lines in at most `room` characters, or undefined when not even its count fits: the lines of
 * its steps that need attention (a ✅ step whose used plan has a ❌ among them, cut the same way), and at each
 * level a count of the steps left out there, those {@link nestedLines} did not draw with those cut here. With
 * no count, a used plan of 3,000 steps read as one of the ❌ step it kept (found by an adversarial pass).
 */
export function cutLevel(level: NestedLevel, room: number): string | undefined {
  if (level.text.length <= room) return level.text;
  // Room for the count as long as it could read: every step left out, and why each of them needs attention.
  const whyAll = level.entries.reduce((why, entry) => plusOne(why, entry.kind), level.leftWhy);
  let budget = room - moreSteps(level.depth, level.left + level.entries.length, whyAll).length;
  if (budget < 0) return undefined;
  let text = '';
  let left = level.left;
  let why = level.leftWhy;
  for (const entry of level.entries) {
    const line = `\n${'  '.repeat(level.depth)}${entry.line}`;
    const inner = entry.urgent && line.length <= budget ? (entry.inner ? cutLevel(entry.inner, budget - line.length) : '') : undefined;
    if (inner === undefined) {
      left++;
      why = plusOne(why, entry.kind);
      continue;
    }
    text += `${line}${inner}`;
    budget -= line.length + inner.length;
  }
  return left > 0 ? `${text}${moreSteps(level.depth, left, why)}` : text;
}

// Each plan step's position, by key, built once per plan snapshot.
const stepPositions = new WeakMap<readonly PlanStep[], ReadonlyMap<string, number>>();

function positionsOf(steps: readonly PlanStep[]): ReadonlyMap<string, number> {
  let positions = stepPositions.get(steps);
  if (!positions) stepPositions.set(steps, (positions = new Map(steps.map((planStep, index) => [planStep.key, index]))));
  return positions;
}

/** Where among `steps` a cut comment must look first, read from the run record in one walk (not by looking up every step). */
export interface AttentionAt {
  /** Which of `steps` need attention (see {@link needsAttention}), by position; undefined when none does. */
  readonly urgent: Uint8Array | undefined;
  /** The positions of those that failed (they need attention too). */
  readonly failed: readonly number[];
  /** The positions of those that run or await approval. */
  readonly unfinished: readonly number[];
  /** The positions of those that completed, with work inside failed or left undone (a failed item, an open TODO). */
  readonly flagged: readonly number[];
}

/** How many of the positions in each list of `at` `isLeftOut` says a cut left out. */
export function leftOutOf(at: AttentionAt, isLeftOut: (index: number) => boolean): LeftOut {
  const count = (positions: readonly number[]): number => positions.reduce((sum, index) => sum + (isLeftOut(index) ? 1 : 0), 0);
  return { failed: count(at.failed), unfinished: count(at.unfinished), flagged: count(at.flagged) };
}

/** Which of `steps` need attention, and why (see {@link leftOutKind}): most runs have few such steps, and a comment over 10,000 steps is redrawn every second. */
export function attentionAt(steps: readonly PlanStep[], record: RunRecord): AttentionAt {
  let urgent: Uint8Array | undefined;
  const at = { failed: [] as number[], unfinished: [] as number[], flagged: [] as number[] };
  for (const [key, step] of record.steps) {
    if (!needsAttention(step)) continue;
    const index = positionsOf(steps).get(key);
    if (index === undefined) continue;
    (urgent ??= new Uint8Array(steps.length))[index] = 1;
    const kind = leftOutKind(step);
    if (kind) at[kind].push(index);
  }
  return { urgent, ...at };
}

const NONE_LEFT_OUT: LeftOut = { failed: 0, unfinished: 0, flagged: 0 };

/** How many of `steps` at positions `from` up to `to` failed, read from the run record (not by looking up every step). */
export function failedBetween(steps: readonly PlanStep[], record: RunRecord, from: number, to = steps.length): number {
  let failed = 0;
  if (from < to) {
    for (const [key, step] of record.steps) {
      if (step.state !== 'failed') continue;
      const at = positionsOf(steps).get(key) ?? -1;
      if (at >= from && at < to) failed++;
    }
  }
  return failed;
}

export interface ItemLines {
  /** With the step's status (its result's first line, or its error). */
  readonly full: string;
  /** Without it. */
  readonly bare: string;
  /** A plan step's used plan, drawn under the step's own bare line `head`. */
  readonly used?: { readonly head: string; readonly level: NestedLevel };
}

/** One level of a used plan as drawn under its step: what a cut keeps of it is decided from this (see {@link cutLevel}). */
export interface NestedLevel {
  /** Every line drawn, each after a line break, with the count of each level not drawn whole. */
  readonly text: string;
  readonly depth: number;
  readonly entries: readonly NestedEntry[];
  /** This level's steps not drawn, and why those of them that need attention do. */
  readonly left: number;
  readonly leftWhy: LeftOut;
}

interface NestedEntry {
  /** The step's bare line, not indented. */
  readonly line: string;
  readonly urgent: boolean;
  /** Why it needs attention, as a count of steps left out says. */
  readonly kind: keyof LeftOut | undefined;
  readonly inner?: NestedLevel;
}

// Entries are reused while their step is unchanged (see `checklistItem`), so their escaped lines are too.
const escapedLines = new WeakMap<ChecklistItem, ItemLines>();

/**
 * The lines of a nested run's steps, and of runs nested in theirs, in the order of `nestedItems`, each
 * with a line break before it; past `limit` characters only the lines of steps that need attention, and
 * none past `cap`, then a count of those not drawn. Every render made all of them, far past what a comment
 * holds: a nested run of 40,000 steps, rendered every 200 steps, took 16 s of renders (now 0.3 s). Stopped at
 * `limit`, a used plan of 3,000 steps lost the ❌ of its 2,900th, which the header counted (found by an adversarial pass).
 */
export function nestedLines(nested: RunRecord, redact: (text: string) => string, limit: number, depth = 1, cap = limit * 2): NestedLevel {
  let text = '';
  const entries: NestedEntry[] = [];
  const steps = nested.plan?.steps ?? [];
  const draw = (planStep: PlanStep): void => {
    const step = nested.steps.get(planStep.key);
    const line = itemLines(checklistItem(planStep, step, redact), step).bare;
    text += `\n${'  '.repeat(depth)}${line}`;
    const inner = step?.nested ? nestedLines(step.nested, redact, limit - text.length, depth + 1, cap - text.length) : undefined;
    if (inner) text += inner.text;
    entries.push({ line, urgent: needsAttention(step), kind: leftOutKind(step), ...(inner && { inner }) });
  };
  let index = 0;
  for (; index < steps.length && text.length <= limit; index++) draw(steps[index]!);
  const attention = index < steps.length ? attentionAt(steps, nested) : undefined;
  const urgentAt = attention?.urgent;
  if (urgentAt) for (; index < steps.length && text.length <= cap; index++) if (urgentAt[index]) draw(steps[index]!);
  const left = steps.length - entries.length;
  // Past `index` nothing was drawn; before it, every step that needs attention was.
  const leftWhy = attention ? leftOutOf(attention, (at) => at >= index) : NONE_LEFT_OUT;
  if (left > 0) text += moreSteps(depth, left, leftWhy);
  return { text, depth, entries, left, leftWhy };
}

/**
 * An entry's lines; its bare line keeps, short, a for_each step's counts (` — 1,333/2,000 done, 667 failed`) and
 * ` — result partial` (`briefStatus`): a comment that left the results out showed `- ✅ each. echo` for a step that
 * lost 667 of its items (found by an adversarial pass).
 */
export function itemLines(item: ChecklistItem, step: StepRecord | undefined): ItemLines {
  let lines = escapedLines.get(item);
  if (!lines) {
    const label = `- ${item.icon} ${escapeInlineMarkdown(`${item.key}. ${item.title}`)}`;
    lines = { full: `${label}${escapeInlineMarkdown(item.status)}`, bare: `${label}${step ? briefStatus(step) : ''}` };
    escapedLines.set(item, lines);
  }
  return lines;
}
