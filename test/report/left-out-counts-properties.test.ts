import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord, type StepRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { needsAttention, nestedItems } from '../../src/report/checklist.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { noRedaction, plan, step } from './summary-run-fixture.ts';

/**
 * Random run records (replans, used plans 3 deep, steps running or awaiting approval, failed items, open TODOs) in
 * random room: a view's count of what it left out must say what it left out, no more and no less. It found the
 * terminal window's count of a used plan's lines it cut off saying nothing of a ❌ among them.
 */
type Fate = 'pending' | 'waiting' | 'running' | 'completed' | 'failed' | 'skipped';

interface StepSpec {
  readonly fate: Fate;
  /** Work inside a step that does not fail it: a failed item, a TODO left open. */
  readonly inside: 'none' | 'failedItem' | 'openTodo';
  readonly titleLength: number;
  readonly used?: LevelSpec;
}

interface LevelSpec {
  /** Each spec `repeat` times in a row, so a level can be long enough to cut. */
  readonly groups: readonly { readonly spec: StepSpec; readonly repeat: number }[];
  /** The steps a revision puts in place of those not completed (only the top plan is revised). */
  readonly revised?: LevelSpec;
}

const fate = fc.constantFrom<Fate>('pending', 'waiting', 'running', 'completed', 'completed', 'failed', 'skipped');

function levelSpec(depth: number): fc.Arbitrary<LevelSpec> {
  const usedFate = fc.constantFrom<Fate>('running', 'completed', 'failed');
  const spec: fc.Arbitrary<StepSpec> = fc.record({
    fate,
    inside: fc.constantFrom('none', 'none', 'failedItem', 'openTodo'),
    titleLength: fc.constantFrom(5, 40, 200),
  });
  // A step that uses a plan, down to the third level.
  const used: fc.Arbitrary<StepSpec> = fc.record({ fate: usedFate, inside: fc.constant('none' as const), titleLength: fc.constantFrom(5, 40), used: fc.constant(undefined) }).chain((base) => levelSpec(depth + 1).map((inner) => ({ ...base, used: inner })));
  const group = fc.record({ spec: depth >= 3 ? spec : fc.oneof({ weight: 4, arbitrary: spec }, { weight: 1, arbitrary: used }), repeat: fc.constantFrom(1, 1, 3, 40) });
  return fc.array(group, { minLength: 1, maxLength: depth === 1 ? 6 : 4 }).map((groups) => ({ groups }));
}

const runSpec: fc.Arbitrary<LevelSpec> = fc
  .record({ level: levelSpec(1), revised: fc.option(levelSpec(2), { nil: undefined }) })
  .map(({ level, revised }) => ({ ...level, ...(revised && { revised }) }));

/** The events of a run of `level`, its steps keyed `<prefix><n>`, and what to set on its records afterwards (work inside). */
function runEvents(level: LevelSpec, prefix: string, path: readonly string[], later: ((record: RunRecord) => void)[]): RunEvent[] {
  const specs = level.groups.flatMap((group) => Array.from({ length: group.repeat }, () => group.spec));
  const steps = (list: readonly StepSpec[], tag: string): PlanStep[] => list.map((spec, i) => step(`${prefix}${i}${tag}`, `Step ${i} ${'t'.repeat(spec.titleLength)}`));
  const first = steps(specs, '');
  const events: RunEvent[] = [{ type: 'plan_created', at: 0, plan: plan(first) }];
  const run = (planSteps: readonly PlanStep[], list: readonly StepSpec[]): void => {
    planSteps.forEach((planStep, i) => events.push(...stepEvents(planStep.key, list[i]!, [...path, planStep.key], later)));
  };
  run(first, specs);
  if (level.revised) {
    const kept = first.filter((_, i) => specs[i]!.fate === 'completed');
    const replaced = first.filter((_, i) => specs[i]!.fate !== 'completed');
    for (const [i, planStep] of first.entries()) if (specs[i]!.fate === 'pending' || specs[i]!.fate === 'waiting') events.push({ type: 'step_skipped', at: 5, stepKey: planStep.key, reason: 'replaced by plan revision 2' });
    const revisedSpecs = level.revised.groups.flatMap((group) => Array.from({ length: group.repeat }, () => group.spec));
    const added = steps(revisedSpecs, 'r');
    events.push({ type: 'plan_revised', at: 6, plan: plan([...kept, ...added], { revision: 2 }), replaced: replaced.map((s) => s.key), added: added.map((s) => s.key), reason: 'a step failed' });
    run(added, revisedSpecs);
  }
  return events;
}

function stepEvents(stepKey: string, spec: StepSpec, path: readonly string[], later: ((record: RunRecord) => void)[]): RunEvent[] {
  const events: RunEvent[] = [];
  if (spec.fate === 'waiting') events.push({ type: 'step_waiting', at: 1, stepKey, reason: 'awaiting approval' });
  if (spec.fate === 'skipped') events.push({ type: 'step_skipped', at: 1, stepKey, reason: 'a step before it failed' });
  const started = spec.fate === 'running' || spec.fate === 'completed' || spec.fate === 'failed';
  if (started) events.push({ type: 'step_started', at: 1, stepKey });
  if (started && spec.inside === 'openTodo') events.push({ type: 'todos_created', at: 2, stepKey, todos: [{ id: '1', content: 'todo done', status: 'completed' }, { id: '2', content: 'todo open', status: 'in_progress' }] });
  if (spec.used) {
    const inner: RunEvent[] = runEvents(spec.used, `${stepKey}n`, path, later);
    if (spec.fate !== 'running') inner.push({ type: 'run_finished', at: 3, status: spec.fate === 'failed' ? 'failed' : 'succeeded', durationMs: 2, usage: NO_USAGE });
    for (const event of inner) events.push({ type: 'nested_event', at: event.at, stepKey, event });
  }
  if (spec.fate === 'completed') events.push({ type: 'step_completed', at: 4, stepKey, result: 'ok', durationMs: 3, usage: NO_USAGE });
  if (spec.fate === 'failed') events.push({ type: 'step_failed', at: 4, stepKey, error: 'DOWN', transient: false, durationMs: 3, usage: NO_USAGE });
  // Set on the record: the item events that count them are many, and only the counts show.
  if (started && spec.inside === 'failedItem') later.push((record) => (stepAt(record, path).itemCounts = { total: 3, running: 0, completed: 2, failed: 1, reused: 0, reusedUsage: NO_USAGE }));
  return events;
}

function stepAt(record: RunRecord, path: readonly string[]): StepRecord {
  let at = record;
  for (const key of path.slice(0, -1)) at = at.steps.get(key)!.nested!;
  return at.steps.get(path.at(-1)!)!;
}

function recordOf(spec: LevelSpec): { events: RunEvent[]; record: RunRecord } {
  const later: ((record: RunRecord) => void)[] = [];
  const events = runEvents(spec, 'k', [], later);
  const record = events.reduce(applyEvent, newRunRecord());
  for (const set of later) set(record);
  return { events, record };
}

interface Why {
  failed: number;
  unfinished: number;
  flagged: number;
}

/** Why a step needs attention, as a count line says it, decided from the record. */
function whyOf(step: StepRecord | undefined): keyof Why | undefined {
  if (step?.state === 'failed') return 'failed';
  if (step?.state === 'in_progress' || step?.state === 'waiting') return 'unfinished';
  return step?.state === 'completed' && needsAttention(step) ? 'flagged' : undefined;
}

/** A count line's figures: `… 1,204 more steps (3 failed, 2 running or awaiting approval, …)`. */
function parseCount(text: string): { left: number; why: Why } {
  const number = (pattern: RegExp): number => Number(pattern.exec(text)?.[1]?.replaceAll(',', '') ?? 0);
  return {
    left: number(/^… ([\d,]+) more steps?\b/u),
    why: { failed: number(/\(([\d,]+) failed/u), unfinished: number(/([\d,]+) running or awaiting approval/u), flagged: number(/([\d,]+) completed with work inside/u) },
  };
}

const STEP_LINE = /^( *)- \S+ (k\d+r?(?:n\d+)*)\. /u;
const COUNT_LINE = /^( *)- (… .*)$/u;

/** Each level the comment's checklist draws (the plan's, and each used plan under a step it shows), checked against the record. */
function checkCommentLevels(body: string, record: RunRecord): void {
  const checklist = body.split('\n\n')[1] ?? '';
  interface Level {
    readonly record: RunRecord;
    readonly shown: string[];
    count?: string;
  }
  const root: Level = { record, shown: [] };
  // The level open at each depth: a line at depth d belongs to the level of the step line above it at depth d - 1.
  const open: Level[] = [root];
  const levels: Level[] = [root];
  for (const line of checklist.split('\n')) {
    const stepLine = STEP_LINE.exec(line);
    const countLine = stepLine ? null : COUNT_LINE.exec(line);
    const depth = ((stepLine ?? countLine)?.[1]?.length ?? 0) / 2;
    const level = open[depth];
    if (stepLine) {
      expect(level, line).toBeDefined();
      level!.shown.push(stepLine[2]!);
      open.length = depth + 1;
      const nested = level!.record.steps.get(stepLine[2]!)?.nested;
      if (nested) {
        const inner: Level = { record: nested, shown: [] };
        open.push(inner);
        levels.push(inner);
      }
    } else if (countLine && level) {
      expect(level.count, `two counts at one level: ${line}`).toBeUndefined();
      level.count = countLine[2]!;
    }
  }
  for (const level of levels) {
    const planKeys = (level.record.plan?.steps ?? []).map((planStep) => planStep.key);
    expect(new Set(level.shown).size, 'a step shown twice').toBe(level.shown.length);
    expect(level.shown.filter((key) => !planKeys.includes(key)), 'a step shown that is not in the plan').toEqual([]);
    const notShown = planKeys.filter((key) => !level.shown.includes(key));
    const expected: Why = { failed: 0, unfinished: 0, flagged: 0 };
    for (const key of notShown) {
      const why = whyOf(level.record.steps.get(key));
      if (why) expected[why]++;
    }
    const count = level.count === undefined ? { left: 0, why: { failed: 0, unfinished: 0, flagged: 0 } } : parseCount(level.count);
    expect({ left: count.left, ...count.why }, `${level.count ?? 'no count'} under ${level.shown[0] ?? 'nothing shown'}`).toEqual({ left: notShown.length, ...expected });
  }
}

describe('a cut comment’s counts of the steps it left out', () => {
  it('say, at each level, how many steps it left out and why those that need attention do; the body fits', () => {
    const marker = commentMarker('.github/plan.yml');
    fc.assert(
      fc.property(runSpec, fc.constantFrom(600, 2000, 4000, 12_000, undefined), (spec, maxChars) => {
        const { record } = recordOf(spec);
        const body = renderComment(record, { marker, runUrl: 'https://github.com/o/r/actions/runs/1', redact: noRedaction, ...(maxChars !== undefined && { maxChars }) });
        expect(body.length).toBeLessThanOrEqual(maxChars ?? 65_536 - 64);
        // Fitted by the lines it keeps, not cut at the end, which takes the footer (and could take a count line). In
        // 600 characters the header and footer alone (5 replaced failures) may not fit.
        if ((maxChars ?? Infinity) >= 2000) expect(body).toMatch(/ · full results in the job summary$/u);
        checkCommentLevels(body, record);
      }),
      { numRuns: 200, seed: 20261207 },
    );
  });
});

/** `… 3 steps above (1 failed)`; `… 2 more below (1 failed)`, `… 48 more lines (1 failed) below` or both: `… 48 more lines (1 failed) and 2 more steps below (1 failed)`. */
const ABOVE = /^… (\d+) steps? above(?: \((\d+) failed\))?$/u;
const BELOW = /^… (?:(\d+) more lines?(?: \((\d+) failed\))?(?: and (\d+) more steps?)?|(\d+) more) below(?: \((\d+) failed\))?$/u;
const TOP_LINE = /^\S+ (k\d+r?)\. /u;

/** The last frame's window checked against the record: what it shows and counts above and below is every step once. */
function checkWindow(frame: readonly string[], record: RunRecord): void {
  const planSteps = record.plan?.steps ?? [];
  const keys = planSteps.map((planStep) => planStep.key);
  const failed = (from: number, to: number): number => keys.slice(from, to).filter((key) => record.steps.get(key)?.state === 'failed').length;
  const window = frame.slice(1, -1);
  const above = ABOVE.exec(window[0] ?? '');
  const below = BELOW.exec(window.at(-1) ?? '');
  const lines = window.slice(above ? 1 : 0, below ? -1 : undefined);
  const shown = lines.flatMap((line) => TOP_LINE.exec(line)?.[1] ?? []);
  const start = above ? Number(above[1]) : 0;
  expect(shown, frame.join('\n')).toEqual(keys.slice(start, start + shown.length));
  expect(Number(above?.[2] ?? 0), 'the failed steps above').toBe(failed(0, start));
  const end = start + shown.length;
  // The window's last step's own lines (its used plan's, or its TODO list) that it cut off.
  const last = shown.length > 0 ? record.steps.get(keys[end - 1]!) : undefined;
  const under = last?.todos?.length ? last.todos.map(() => undefined) : nestedItems(last).map((entry) => entry.item.state);
  const shownUnder = lines.length - 1 - lines.findLastIndex((line) => TOP_LINE.test(line));
  const cut = under.slice(shownUnder);
  const [, cutLines, cutFailed, stepsAfterLines, stepsOnly, failedBelow] = below ?? [];
  expect(
    { cutLines: Number(cutLines ?? 0), cutFailed: Number(cutFailed ?? 0), below: Number(stepsAfterLines ?? stepsOnly ?? 0), failedBelow: Number(failedBelow ?? 0) },
    window.at(-1),
  ).toEqual({ cutLines: cut.length, cutFailed: cut.filter((state) => state === 'failed').length, below: keys.length - end, failedBelow: failed(end, keys.length) });
}

describe('a terminal window’s counts of what it left out', () => {
  it('say how many steps are above and below it, and how many lines of its last step it cut off, with the failed among them', () => {
    fc.assert(
      fc.property(runSpec, fc.integer({ min: 6, max: 30 }), (spec, rows) => {
        const { events, record } = recordOf(spec);
        const writes: string[] = [];
        // One frame at the start and one at the end: a frame per event makes a run of 5,000 steps take seconds.
        let redraw = (): void => {};
        const listener = consoleChecklist({ write: (text) => writes.push(text), isTTY: true, rows, now: () => 0, schedule: (draw) => ((redraw = draw), () => {}) });
        for (const event of events) listener(event);
        redraw();
        const frame = writes.at(-1)!.replace(/^\x1b\[\d+A\r?\x1b\[0J/u, '').replace(/\n$/u, '').split('\n');
        expect(frame.length).toBeLessThan(rows);
        checkWindow(frame, record);
      }),
      { numRuns: 200, seed: 20261207 },
    );
  });
});
