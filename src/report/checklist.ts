import { visibleControls } from '../core/visible-controls.ts';
import { resultJson } from '../core/result-text.ts';
import type { StepState } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { undoneTodos, type ItemCounts, type RunRecord, type StepRecord } from '../core/run-record.ts';
import { cutText } from './cut-text.ts';
import { formatDuration } from './format-duration.ts';
import { sameStepTextFields, stepTextFields, type StepTextFields } from './step-text-fields.ts';
import { groupDigits } from '../core/group-digits.ts';

/** How much of a step's title a checklist line shows. */
export const TITLE_MAX_CHARS = 100;

// One identity for "no redactor", so the entry cache below can recognise it.
const asIs = (text: string): string => text;

/** The icon of each step state, as every view draws it. */
export const STATE_ICONS: Readonly<Record<StepState, string>> = {
  pending: '⬜',
  waiting: '⏸️',
  in_progress: '⏳',
  completed: '✅',
  failed: '❌',
  skipped: '⏭️',
};

/**
 * `3/5 complete, 0 failed` (plus failed items of completed steps, failed steps of the plans they use, results that
 * are partial, TODOs of agents that answered without doing them, steps awaiting approval, skipped and replaced, when any), over
 * the steps of the current plan revision: a step that failed and was replaced by a replan is counted as
 * replaced, not as a failure of the plan that finally ran.
 */
export function checklistHeader(record: RunRecord): string {
  const current = record.plan ? currentKeys(record.plan.steps) : undefined;
  // Looked up step by step only when some step is not of the current plan (a revision replaced it).
  const mixed = keysIfReplaced(record);
  const counts: Record<StepState, number> = { pending: 0, in_progress: 0, waiting: 0, completed: 0, failed: 0, skipped: 0 };
  let total = 0;
  // A step completes under on_item_failure: continue with items that failed, all of them maybe: "0 failed"
  // alone read as if every item had done its work.
  const inside = { items: 0, steps: 0, partial: 0, todos: 0 };
  // A step whose result lacks work its line says (`result partial`): `2/2 complete, 0 failed` read as whole.
  let partial = 0;
  // A step that failed and was replaced: "2 replaced" alone hid that anything had failed.
  let replacedFailed = 0;
  let undoneInReused = 0;
  for (const step of record.steps.values()) {
    if (mixed && !mixed.has(step.key)) {
      if (step.state === 'failed') replacedFailed++;
      continue;
    }
    total++;
    counts[step.state]++;
    if (step.state !== 'completed') continue;
    if (step.partial !== undefined) partial++;
    // A plan step taken whole: what its plan left undone there has no record here (found by an adversarial pass).
    undoneInReused += step.leftUndone?.length ?? 0;
    failedInside(step, inside);
  }
  const replaced = record.steps.size - total;
  const skipped = counts.skipped;
  // A paused run's ⏸️ steps: `2/5 complete, 0 failed` read as if the other three had not been reached.
  const waiting = counts.waiting ? `, ${counts.waiting} awaiting approval` : '';
  const items = inside.items ? `, ${inside.items} item${inside.items === 1 ? '' : 's'} failed` : '';
  const steps = inside.steps ? `, ${inside.steps} step${inside.steps === 1 ? '' : 's'} of used plans failed` : '';
  // An agent that answered with TODOs of its list not done: its ⬜ lines under a ✅ step, and `1/1 complete, 0 failed` above them.
  const todos = inside.todos ? `, ${inside.todos} TODO${inside.todos === 1 ? '' : 's'} not done` : '';
  const partialText = `${partial ? `, ${partial} result${partial === 1 ? '' : 's'} partial` : ''}${inside.partial ? `, ${inside.partial} result${inside.partial === 1 ? '' : 's'} of used plans partial` : ''}`;
  const replacedText = replaced ? `, ${replaced} replaced${replacedFailed ? ` (${replacedFailed} had failed)` : ''}` : '';
  // A resumed run's plan no longer holds the steps that failed in the run it resumes and that a replan replaced (or
  // dropped before they ran) there: `3/3 complete, 0 failed` read as if the tests had never failed (found by an
  // adversarial pass). Only those its plan has not: a step's own key, not work inside a used plan (`step/inner`).
  const carried = [...(record.carriedFailures?.keys() ?? [])].filter((key) => !key.includes('/') && !current?.has(key)).length + undoneInReused;
  const carriedText = carried ? `, ${carried} left undone in the run resumed` : '';
  return `${counts.completed}/${total} complete, ${counts.failed} failed${items}${steps}${partialText}${todos}${waiting}${skipped ? `, ${skipped} skipped` : ''}${replacedText}${carriedText}`;
}

// Whether every step of a record is of a plan snapshot, by the record's map of steps, as found at its size: a map of
// steps only grows, so while its size is the same so are its keys. The header is drawn on every update, and looking
// up each of 10,000 keys again was most of its time.
const currentAt = new WeakMap<RunRecord['steps'], { readonly steps: readonly PlanStep[]; readonly size: number; readonly all: boolean }>();

/**
 * The keys of the record's current plan when some step the record has is not one of them (a revision replaced it),
 * for a count to look each step up; undefined when every step is current (or no plan is known), as is most often so.
 */
function keysIfReplaced(record: RunRecord): ReadonlySet<string> | undefined {
  const steps = record.plan?.steps;
  if (steps === undefined) return undefined;
  const cached = currentAt.get(record.steps);
  if (cached?.steps === steps && cached.size === record.steps.size) return cached.all ? undefined : currentKeys(steps);
  const keys = currentKeys(steps);
  const all = record.steps.size <= keys.size && [...record.steps.keys()].every((key) => keys.has(key));
  currentAt.set(record.steps, { steps, size: record.steps.size, all });
  return all ? undefined : keys;
}

/**
 * Adds to `found` what failed inside a completed step: its own items, and for a `type: plan` step its used
 * plan's failed steps (under `on_failure: continue`), its completed ones whose results are partial, and the items of
 * its completed ones, at any depth (found by adversarial passes: a used plan whose items all failed, or whose step
 * failed, showed `1/1 complete, 0 failed`).
 */
function failedInside(step: StepRecord, found: { items: number; steps: number; partial: number; todos: number }): void {
  found.items += step.failedItems?.length ?? 0;
  found.todos += openTodos(step);
  const nested = step.nested;
  if (!nested) return;
  const current = keysIfReplaced(nested);
  // A plan step's partial result is its plan's result step's: counted once, as the plan step.
  const counted = step.partial === undefined ? undefined : nested.resultStepKey;
  for (const inner of nested.steps.values()) {
    if (current && !current.has(inner.key)) continue;
    if (inner.state === 'failed') found.steps += 1;
    else if (inner.state === 'completed') {
      if (inner.partial !== undefined && inner.key !== counted) found.partial += 1;
      failedInside(inner, found);
    }
  }
}

// A completed step's count, while its list and its items' counts are as they were: the header is drawn on every
// update, and a for_each step may have 10,000 items.
const openTodoCounts = new WeakMap<StepRecord, { readonly todos: StepRecord['todos']; readonly settled: number; readonly open: number }>();

/** The TODOs not completed of a completed agent step's list and of its completed items' (a failed item counts as failed). */
function openTodos(step: StepRecord): number {
  if (step.todos === undefined && step.items === undefined) return 0;
  const settled = (step.itemCounts?.completed ?? 0) + (step.itemCounts?.failed ?? 0);
  const cached = openTodoCounts.get(step);
  if (cached !== undefined && cached.todos === step.todos && cached.settled === settled) return cached.open;
  const lists = [step.todos, ...(step.items ?? []).filter((item) => item.state === 'completed').map((item) => item.todos)];
  const open = lists.reduce((sum, list) => sum + (list?.filter((todo) => todo.status !== 'completed').length ?? 0), 0);
  openTodoCounts.set(step, { todos: step.todos, settled, open });
  return open;
}

// The keys of a plan snapshot's steps, built once per snapshot: the header is drawn on every update.
const keySets = new WeakMap<readonly PlanStep[], ReadonlySet<string>>();

/** The keys of a plan snapshot's steps (the current revision's): a record's other steps were replaced. */
export function currentKeys(steps: readonly PlanStep[]): ReadonlySet<string> {
  let keys = keySets.get(steps);
  if (!keys) {
    keys = new Set(steps.map((step) => step.key));
    keySets.set(steps, keys);
  }
  return keys;
}

/** Every line break a terminal or a log reader acts on, `\r` alone included. */
const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;
export { visibleControls };

/**
 * Text from a run (an error with a tool's stderr, a goal's evidence, an item's key) as part of one log
 * line: line breaks and runs of white space as one space, control characters shown. A log reader takes
 * a line that starts with `✅ 2. deploy` for the checklist, whatever printed it.
 */
export function oneLogLine(text: string): string {
  return visibleControls(oneSpaced(text).trim());
}

/** White space other than a lone space: where `\s+` → ' ' changes a text. */
const NOT_ONE_SPACE = /[^\S ]| {2}/;

/** `text` with each run of white space as one space; most texts (titles, results) have none to change, and are returned as they are. */
function oneSpaced(text: string): string {
  return NOT_ONE_SPACE.test(text) ? text.replace(/\s+/g, ' ') : text;
}

/**
 * The first line of a result, as text, cut to `max` characters, with no control character; ` …` when
 * lines follow it, as `…` ends a line it cuts (`→ APPROVED` read as the whole of "APPROVED⏎but 3 blocking issues").
 */
export function resultPreview(result: unknown, max = 80): string {
  return previewOf(result, max).preview;
}

/** {@link resultPreview}, and whether it leaves part of the result out (lines after the first, or the end of a long one). */
export function previewOf(result: unknown, max = 80): { readonly preview: string; readonly partial: boolean } {
  const text = typeof result === 'string' ? result : (resultJson(result) ?? String(result));
  const trimmed = text.trim();
  const end = trimmed.search(LINE_BREAK);
  const line = end < 0 ? trimmed : trimmed.slice(0, end);
  const first = visibleControls(line.includes('\t') ? line.replaceAll('\t', ' ') : line);
  // trim() leaves NEL (U+0085), a line break here: what follows the first line counts when it is not blank.
  const more = end >= 0 && /[^\s\u0085]/.test(trimmed.slice(end));
  const shown = more ? `${first} …` : first;
  return { preview: cutText(shown, max), partial: more || shown.length > max };
}

/**
 * Whether a step's line says something went wrong or is under way: it failed, runs or waits, or it
 * completed past a failed item (`on_item_failure: continue`), past a step of the plan it uses that
 * needs attention, or with its agent's TODOs not done. A view that cannot show every step keeps these
 * lines first: a cut comment dropped a ✅ plan step and the ❌ under it (found by an adversarial pass).
 */
export function needsAttention(step: StepRecord | undefined): boolean {
  if (step === undefined) return false;
  if (step.state === 'failed' || step.state === 'in_progress' || step.state === 'waiting' || (step.itemCounts?.failed ?? 0) > 0) return true;
  if (step.state === 'completed' && (undoneTodos(step).open.length > 0 || step.leftUndone !== undefined)) return true;
  // Plans nest at most MAX_PLAN_DEPTH deep: the recursion is bounded by the loader.
  return step.nested !== undefined && [...step.nested.steps.values()].some(needsAttention);
}

/** ` — 12/40 done, 1 failed` for a for_each step that has expanded (in a shard job, of its own items: `; other shards run 80 more`), '' otherwise. */
export function itemProgress(step: Pick<StepRecord, 'itemCounts'>): string {
  const counts = step.itemCounts;
  if (!counts) return '';
  return ` — ${groupDigits(counts.completed)}/${groupDigits(counts.total)} done${counts.failed ? `, ${groupDigits(counts.failed)} failed` : ''}${otherShardsNote(counts)}`;
}

/** `; other shards run 80 more` for a shard job's for_each step whose items other shards run, '' otherwise. */
export function otherShardsNote(counts: Pick<ItemCounts, 'otherShards'>): string {
  return counts.otherShards ? `; other shards run ${groupDigits(counts.otherShards)} more` : '';
}

/**
 * ` — result partial: why` for a completed step whose result lacks work the run left undone (`StepRecord.partial`),
 * redacted, one line, cut to `max`; '' otherwise. A tool step given a partial result answers "0 failures" as if whole,
 * and a for_each step over a list its tool cut reads `3/3 done`: only this says neither is (found by an adversarial pass).
 */
export function partialNote(step: Pick<StepRecord, 'state' | 'partial'>, redact: (text: string) => string = asIs, max = 300): string {
  return step.state === 'completed' && step.partial !== undefined ? ` — result partial: ${cutText(oneLogLine(redact(step.partial)), max)}` : '';
}

/**
 * ` — left undone in the run resumed: setup/warm (why)` for a plan step taken whole from the run resumed (or a fan-out
 * job's) whose plan left work undone there, redacted, one line, cut to `max`; '' otherwise. Its line read `✅ (reused)`
 * with no record of its plan to show the ❌ (found by an adversarial pass).
 */
export function undoneNote(step: Pick<StepRecord, 'state' | 'leftUndone'>, redact: (text: string) => string = asIs, max = 300): string {
  const undone = step.state === 'completed' ? step.leftUndone : undefined;
  if (!undone?.length) return '';
  const named = undone.slice(0, 3).map(([key, why]) => `${key} (${why})`);
  return ` — left undone in the run resumed: ${cutText(oneLogLine(redact(`${named.join(', ')}${undone.length > 3 ? `, and ${undone.length - 3} more` : ''}`)), max)}`;
}

/**
 * ` — create_issue not made now: the call in the saved state of attempt 1 was found done` for a completed step whose
 * side-effect calls the run resumed had made, and that this run found done instead of making them (`foundDone`),
 * redacted, one line, cut to `max`; '' otherwise. Its line read a plain ✅ as if this run had opened the issue, and
 * only the trace said otherwise.
 */
export function foundNote(step: Pick<StepRecord, 'state' | 'foundDone'>, redact: (text: string) => string = asIs, max = 300): string {
  const found = step.state === 'completed' ? step.foundDone : undefined;
  if (found === undefined) return '';
  const tools = `${found.tools.slice(0, 3).join(', ')}${found.tools.length > 3 ? ', …' : ''}`;
  const one = found.calls === 1;
  const what = one ? `${tools} not made now: the call in` : `${groupDigits(found.calls)} calls not made now (${tools}): the calls in`;
  return ` — ${cutText(oneLogLine(redact(`${what} ${found.madeIn.join(', ')} ${one ? 'was' : 'were'} found done`)), max)}`;
}

/**
 * ` — 4 left undone in the run resumed`: {@link undoneNote} cut to its count, for a view out of room for the note's
 * names (10,000 such notes of 500 characters left 8,205 steps out of the job summary, found by a caps pass).
 */
export function undoneCount(step: Pick<StepRecord, 'state' | 'leftUndone'>): string {
  const undone = step.state === 'completed' ? step.leftUndone : undefined;
  return undone?.length ? ` — ${groupDigits(undone.length)} left undone in the run resumed` : '';
}

/**
 * ` — 1 TODO not done` for a completed agent step that answered with items of its list (or of its completed items'
 * lists) not completed; '' otherwise. A used plan's agent step read `✅ a. Triage → Done.` in the summary and the PR
 * comment, which draw no TODO list under a used plan's steps, while the gate counted it unfinished (found by a reports pass).
 */
export function todoNote(step: StepRecord): string {
  const open = step.state === 'completed' ? openTodos(step) : 0;
  return open > 0 ? ` — ${groupDigits(open)} TODO${open === 1 ? '' : 's'} not done` : '';
}

/**
 * What a line too short for results keeps of a step's status: a for_each step's counts, and ` — result partial` when
 * its result lacks work. A comment that left the results out read `✅ review — 3/3 done` over a list its tool cut.
 */
export function briefStatus(step: StepRecord): string {
  return `${itemProgress(step)}${step.state === 'completed' && step.partial !== undefined ? ' — result partial' : ''}${todoNote(step)}${undoneNote(step) ? ' — left undone in the run resumed' : ''}${foundNote(step) ? ' — not made now: found done' : ''}`;
}

function describeStatus(step: StepRecord, redact: (text: string) => string = asIs): string {
  const progress = itemProgress(step);
  switch (step.state) {
    case 'completed': {
      const reused = step.reused ? ' (reused)' : '';
      // A tool step given a partial result: its answer ("0 failures") reads as whole unless the line says why it is
      // not; nor do a for_each step's counts ("3/3 done") show the items its list lacked.
      // A result found done, that the run resumed made: a plain ✅ read as made now.
      const partial = `${partialNote(step, redact)}${todoNote(step)}${undoneNote(step, redact)}${foundNote(step, redact)}`;
      // A for_each step's result is a list as long as its items: the counts say more than its first line.
      if (progress) return `${reused}${progress}${partial}`;
      return step.result === undefined ? `${reused}${partial}` : `${reused} → ${resultPreview(redactResult(step.result, redact))}${partial}`;
    }
    case 'failed':
      return `${progress} — ${resultPreview(redact(step.error ?? 'failed'), 160)}`;
    case 'skipped':
      return step.skipReason ? ` — ${resultPreview(redact(step.skipReason), 300)}` : '';
    case 'waiting':
      // The reason names a used plan's file and step ids, which a plan's author writes: one line, as the others.
      return ` — ${cutText(oneLogLine(redact(step.waitReason ?? 'awaiting approval')), 300)}`;
    case 'in_progress':
      if (progress) return progress;
      if (step.retry) {
        // In tenths of a second, or in milliseconds under a twentieth: a jittered wait of 30 ms read `retrying in 0 s`.
        const { waitMs } = step.retry;
        const wait = waitMs >= 50 ? `${Math.round(waitMs / 100) / 10} s` : formatDuration(waitMs);
        // The attempt that failed, of how many: `retry 2/3` read as a count of retries, and no `retry 3/3` ever came.
        return ` — attempt ${step.retry.attempt}/${step.retry.maxAttempts} failed, retrying in ${wait}: ${resultPreview(redact(step.retry.error), 120)}`;
      }
      return '';
    default:
      return '';
  }
}

// Redact the whole text before any preview cuts it, or half a secret could slip past the redactor.
function redactResult(result: unknown, redact: (text: string) => string): string {
  const text = typeof result === 'string' ? result : (resultJson(result) ?? String(result));
  return redact(text);
}

/** One checklist entry, in parts, so each view can escape and lay it out its own way. */
export interface ChecklistItem {
  readonly key: string;
  readonly state: StepState;
  readonly icon: string;
  readonly title: string;
  /** ` → first line of the result`, ` — error`, or '' (already redacted, not escaped). */
  readonly status: string;
}

/** The title a step shows: its description, else its type and tool. */
export function stepTitle(planStep: PlanStep, redact: (text: string) => string = asIs, maxChars = TITLE_MAX_CHARS): string {
  // One line, cut at a width a checklist line can show; redacted before the cut so no half secret shows.
  let cached = flatTitles.get(planStep);
  if (cached?.redact !== redact) {
    const text = planStep.title || planStep.description || (planStep.tool ? `${planStep.type} ${planStep.tool}` : planStep.type);
    cached = { redact, text: visibleControls(oneSpaced(redact(text)).trim()) };
    flatTitles.set(planStep, cached);
  }
  return cutText(cached.text, maxChars);
}

// Each view draws a step's title again and again (the summary twice): redact and flatten it once per plan step.
const flatTitles = new WeakMap<PlanStep, { readonly redact: (text: string) => string; readonly text: string }>();

/** Where each step of a plan snapshot is, by key: built once per snapshot, so a lookup is O(1). */
const stepIndexes = new WeakMap<readonly PlanStep[], Map<string, PlanStep>>();

/** The step of the current plan with this key, if it has one. */
export function planStepOf(record: RunRecord, key: string): PlanStep | undefined {
  const steps = record.plan?.steps;
  if (!steps) return undefined;
  let index = stepIndexes.get(steps);
  if (!index) {
    index = new Map(steps.map((step) => [step.key, step]));
    stepIndexes.set(steps, index);
  }
  return index.get(key);
}

/** An entry as last computed, with what it was computed from: reused while none of that changed. */
interface CachedItem {
  readonly planStep: PlanStep;
  readonly redact: (text: string) => string;
  readonly fields: StepTextFields;
  readonly retry: StepRecord['retry'];
  /** A for_each step's counts, as text: they change in place as items settle. */
  readonly progress: string;
  readonly item: ChecklistItem;
}

// Keyed by the step's record (each renderer folds its own), so every text is redacted once per
// change of the step, not once per event of the run: re-rendering 10,000 entries per event made
// long runs quadratic.
const itemCache = new WeakMap<StepRecord | PlanStep, CachedItem>();

/** The checklist entry of one step (redacted, not escaped), recomputed only when the step changed. */
export function checklistItem(planStep: PlanStep, step: StepRecord | undefined, redact: (text: string) => string = asIs): ChecklistItem {
  const cacheKey = step ?? planStep;
  const cached = itemCache.get(cacheKey);
  if (
    cached &&
    cached.planStep === planStep &&
    cached.redact === redact &&
    sameStepTextFields(cached.fields, step) &&
    cached.retry === step?.retry &&
    cached.progress === (step ? itemProgress(step) : '')
  ) {
    return cached.item;
  }
  const item = freshChecklistItem(planStep, step, redact);
  itemCache.set(cacheKey, {
    planStep,
    redact,
    fields: stepTextFields(step),
    retry: step?.retry,
    progress: step ? itemProgress(step) : '',
    item,
  });
  return item;
}

/** The checklist entry of one step, computed afresh: for a view that draws each change once (a log). */
export function freshChecklistItem(planStep: PlanStep, step: StepRecord | undefined, redact: (text: string) => string = asIs): ChecklistItem {
  const state = step?.state ?? 'pending';
  return { key: planStep.key, state, icon: STATE_ICONS[state], title: stepTitle(planStep, redact), status: step ? describeStatus(step, redact) : '' };
}

/** The entries of the current plan's checklist, every text passed through `redact` before it is cut. */
export function checklistItems(record: RunRecord, redact: (text: string) => string = asIs): ChecklistItem[] {
  const steps = record.plan?.steps ?? [];
  return steps.map((planStep) => checklistItem(planStep, record.steps.get(planStep.key), redact));
}

/** A nested run's entry, with how deep it sits under the plan step that ran it (1 = directly). */
export interface NestedItem {
  readonly depth: number;
  readonly item: ChecklistItem;
}

/** The entries of a plan step's nested run, and of runs nested in it, in order; [] for other steps. */
export function nestedItems(step: StepRecord | undefined, redact: (text: string) => string = asIs, depth = 1): NestedItem[] {
  const nested = step?.nested;
  if (!nested) return [];
  return checklistItems(nested, redact).flatMap((item) => [{ depth, item }, ...nestedItems(nested.steps.get(item.key), redact, depth + 1)]);
}

/** One plain-text line per step of the current plan: icon, id, description, and a short status; a nested run's steps indented under their plan step. */
export function checklistLines(record: RunRecord): string[] {
  const line = (item: ChecklistItem): string => `${item.icon} ${item.key}. ${item.title}${item.status}`;
  return checklistItems(record).flatMap((item) => [line(item), ...nestedItems(record.steps.get(item.key)).map((nested) => `${'  '.repeat(nested.depth)}${line(nested.item)}`)]);
}
