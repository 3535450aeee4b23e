import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { GoalVerdict, RunEvent, RunStatus } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord, type RunRecord } from '../../src/core/run-record.ts';
import { StepError } from '../../src/core/step-error.ts';
import { checklistHeader, itemProgress, STATE_ICONS } from '../../src/report/checklist.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../../src/report/console-checklist.ts';
import { goalsHeadline } from '../../src/report/goals-table.ts';
import { escapeMarkdown } from '../../src/report/markdown/escape-markdown.ts';
import { renderSummary } from '../../src/report/summary/render-summary.ts';
import { statusText } from '../../src/report/summary/summary-header.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { Replanner } from '../../src/run/replanner.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';
import { traceEvents } from '../../src/run/read-resume-trace.ts';
import type { StepRunner } from '../../src/steps/step-context.ts';
import { flushMicrotasks, step } from '../run/fake-steps.ts';

/**
 * Random runs through the real executor (fake step runners, a manual clock): dependencies, retries, for_each
 * steps whose items fail, retry or hang, agents with TODO lists, used plans, replans, approvals, cancels,
 * timeouts, budget stops and goals. Each view (the log, the terminal's last frame, the PR comment, the job
 * summary) must show what the record holds, and the trace must read back into that record.
 */
interface StepSpec {
  readonly kind: 'reasoning' | 'agent' | 'for_each' | 'for_each_agent' | 'plan' | 'tolerant_plan';
  readonly deps: readonly number[];
  readonly outcome: 'ok' | 'fail' | 'flaky';
  readonly onFailure: 'fail' | 'continue' | 'replan';
  readonly approval: boolean;
  readonly items: readonly ('ok' | 'fail' | 'flaky' | 'hang')[];
  readonly itemContinue: boolean;
  readonly todosDone: boolean;
  readonly innerFail: boolean;
}

type Stop = { readonly kind: 'none' } | { readonly kind: 'cancel' | 'timeout'; readonly at: number } | { readonly kind: 'budget'; readonly calls: number };

interface RunSpec {
  readonly steps: readonly StepSpec[];
  readonly stop: Stop;
  readonly goals: readonly Pick<GoalVerdict, 'severity' | 'outcome'>[];
  readonly replan: 'ok' | 'refuse' | 'throw';
}

const stepSpec = fc.record({
  kind: fc.constantFrom('reasoning', 'agent', 'for_each', 'for_each_agent', 'plan', 'tolerant_plan'),
  deps: fc.array(fc.nat(), { maxLength: 2 }),
  outcome: fc.constantFrom('ok', 'ok', 'fail', 'flaky'),
  onFailure: fc.constantFrom('fail', 'continue', 'replan'),
  approval: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  items: fc.array(fc.constantFrom('ok', 'ok', 'fail', 'flaky', 'hang'), { maxLength: 4 }),
  itemContinue: fc.boolean(),
  todosDone: fc.boolean(),
  innerFail: fc.boolean(),
}) as fc.Arbitrary<StepSpec>;

const runSpec: fc.Arbitrary<RunSpec> = fc.record({
  steps: fc.array(stepSpec, { minLength: 1, maxLength: 5 }),
  stop: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cancel' as const, 'timeout' as const), at: fc.nat({ max: 8 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('budget' as const), calls: fc.nat({ max: 8 }) }) },
  ),
  replan: fc.constantFrom('ok', 'ok', 'refuse', 'throw'),
  goals: fc.array(fc.record({ severity: fc.constantFrom('required', 'warning'), outcome: fc.constantFrom('met', 'unmet', 'error') }), { maxLength: 3 }) as fc.Arbitrary<RunSpec['goals']>,
});

const INNER: RunnablePlan = { name: 'inner plan', steps: [step('a'), step('b', ['a'])], limits: { concurrency: 2, timeout_minutes: 30 } };
/** A used plan whose step `b` may fail without failing it. */
const TOLERANT: RunnablePlan = { name: 'tolerant plan', steps: [step('b', [], { onFailure: 'continue' }), step('a')], limits: { concurrency: 2, timeout_minutes: 30 } };

function planSteps(spec: RunSpec): PlanStep[] {
  return spec.steps.map((s, i) => {
    const key = `s${i}`;
    const deps = i === 0 ? [] : [...new Set(s.deps.map((d) => `s${d % i}`))];
    const extra: Partial<PlanStep> = {
      ...(s.outcome === 'flaky' && { retry: { max_attempts: 2, initial_interval: 0 } }),
      onFailure: s.onFailure,
      ...(s.approval && { approval: true as const }),
    };
    const forEach = { list: `\${inputs.items_${key}}`, as: 'item', onItemFailure: s.itemContinue ? ('continue' as const) : ('fail' as const) };
    if (s.kind === 'for_each') return step(key, deps, { ...extra, forEach, ...(s.items.includes('flaky') && { retry: { max_attempts: 2, initial_interval: 0 } }) });
    if (s.kind === 'for_each_agent') return step(key, deps, { ...extra, type: 'agent', task: 'do ${item}', forEach });
    if (s.kind === 'plan' || s.kind === 'tolerant_plan') return step(key, deps, { ...extra, type: 'plan', uses: `plans/${s.kind}.yml` });
    if (s.kind === 'agent') return step(key, deps, { ...extra, type: 'agent', task: 'do it' });
    return step(key, deps, extra);
  });
}

interface Ran {
  readonly events: RunEvent[];
  readonly record: RunRecord;
  readonly status: RunStatus;
  readonly goals: GoalVerdict[];
}

async function drive(spec: RunSpec): Promise<Ran> {
  const steps = planSteps(spec);
  const specOf = new Map(steps.map((planStep, i) => [planStep.key, spec.steps[i]!]));
  const controller = new AbortController();
  const clock = new ManualClock();
  const events: RunEvent[] = [];
  const attempts = new Map<string, number>();
  let calls = 0;
  const runStep: StepRunner = async (ctx) => {
    calls += 1;
    ctx.onUsage({ modelCalls: 1, promptTokens: 10, completionTokens: 2, costUsd: 0 });
    if (spec.stop.kind === 'cancel' && calls === spec.stop.at + 1) {
      controller.abort();
      throw new StepError('cancelled', { transient: false });
    }
    if (spec.stop.kind === 'timeout' && calls === spec.stop.at + 1) {
      await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true }));
    }
    const attempt = (attempts.get(ctx.step.key) ?? 0) + 1;
    attempts.set(ctx.step.key, attempt);
    const key = ctx.step.key;
    const item = /^(s\d+)\[(\d+)\]$/.exec(key);
    if (item) {
      const own = specOf.get(item[1]!)!;
      if (own.kind === 'for_each_agent') {
        ctx.report({ type: 'todos_created', todos: [{ id: '1', content: 'look', status: 'in_progress' }] });
        if (own.todosDone) ctx.report({ type: 'todos_updated', todos: [{ id: '1', content: 'look', status: 'completed' }], changed: ['1'] });
      }
      const fate = own.items[Number(item[2])];
      if (fate === 'hang') await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error), { once: true }));
      if (fate === 'fail' || (fate === 'flaky' && attempt === 1)) throw new StepError(`item ${key} broke`, { transient: fate === 'flaky' });
      return `item ${key} done`;
    }
    if (ctx.within !== undefined) {
      if (key === 'b' && specOf.get(ctx.within)?.innerFail) throw new StepError(`inner ${ctx.within}/b broke`, { transient: false });
      return `inner ${key} done`;
    }
    const own = specOf.get(key);
    if (!own) return `replacement ${key} done`;
    if (own.kind === 'agent') {
      ctx.report({ type: 'todos_created', todos: [{ id: '1', content: 'look', status: 'in_progress' }, { id: '2', content: 'write', status: 'pending' }] });
      if (own.todosDone) ctx.report({ type: 'todos_updated', todos: [{ id: '1', content: 'look', status: 'completed' }, { id: '2', content: 'write', status: 'completed' }], changed: ['1', '2'] });
    }
    if (own.outcome === 'fail') throw new StepError(`${key} broke`, { transient: false });
    if (own.outcome === 'flaky' && attempt === 1) throw new StepError(`${key} timed out`, { transient: true });
    return `${key} done`;
  };
  const replanner: Replanner = {
    replan: async (request) => {
      if (spec.replan === 'throw') throw new Error('the replanner is down');
      if (spec.replan === 'refuse') return { ok: false, problem: 'no other way' };
      return { ok: true, steps: [step(`r${request.revision}`, [])], why: 'try another way' };
    },
    review: async () => ({ fits: true, reason: 'fine' }),
  };
  const inputs = Object.fromEntries(spec.steps.map((s, i) => [`items_s${i}`, s.items.map((_, n) => `x${n}`)]));
  const plan: RunnablePlan = {
    name: 'views plan',
    steps,
    limits: { concurrency: 2, timeout_minutes: 30, ...(spec.stop.kind === 'budget' && { max_model_calls: spec.stop.calls }) },
    subplans: new Map([['plans/plan.yml', INNER], ['plans/tolerant_plan.yml', TOLERANT]]),
    source: { inputs: Object.fromEntries(Object.keys(inputs).map((name) => [name, {}])) },
  };
  let done = false;
  const running = runPlan(plan, { runStep, tools: new Map(), clock, cwd: '/repo', inputs, listeners: [(event) => events.push(event)], signal: controller.signal, replanner, random: () => 0 });
  void running.then(() => (done = true));
  for (let turn = 0; !done && turn < 400; turn++) {
    await flushMicrotasks();
    if (!done && clock.pendingTimers > 0) clock.advanceTo(clock.nextDue()!);
  }
  const outcome = await running;
  const goals: GoalVerdict[] = spec.goals.map((goal, n) => ({ name: `goal ${n}`, ...goal, evidence: `evidence ${n}` }));
  let status: RunStatus = outcome.status;
  if (status !== 'awaiting-approval') {
    if (status === 'succeeded' && goals.some((goal) => goal.severity === 'required' && goal.outcome !== 'met')) status = 'goals-unmet';
    outcome.recordGoals(goals, status);
  }
  return { events, record: outcome.record, status, goals: status === 'awaiting-approval' ? [] : goals };
}

/** The icon at the start of the first line that starts with `prefix` + icon + `rest`, for each icon. */
function iconOf(lines: readonly string[], before: string, after: string): string | undefined {
  const icons = Object.values(STATE_ICONS);
  let found: string | undefined;
  for (const line of lines) for (const icon of icons) if (line.startsWith(`${before}${icon}${after}`)) found = icon;
  return found;
}

/** The lines after the one that starts with `head`, up to the next that `next` matches. */
function under(lines: readonly string[], head: string, next: RegExp): string[] {
  const start = lines.findIndex((line) => line.startsWith(head));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && next.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

function replayTrace(events: readonly RunEvent[]): RunRecord {
  const folder = mkdtempSync(path.join(tmpdir(), 'views-'));
  try {
    const file = path.join(folder, 'trace.jsonl');
    const trace = traceWriter(file, { now: () => new Date(0) });
    for (const event of events) trace.listener(event);
    trace.flush();
    void trace.close();
    const read = traceEvents({ file, text: readFileSync(file, 'utf8') });
    if (!read.ok) throw new Error(read.problem);
    return read.events.reduce(applyEvent, newRunRecord());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** An agent's TODO entry (`look`, `write`), whose ⬜ is the agent's own note, not a step. */
const TODO_LINE = /^\s*(?:- )?\S+ (?:look|write)$/u;

function checkViews(ran: Ran): void {
  const { record } = ran;
  const ended = record.status !== undefined;
  const paused = record.status === 'awaiting-approval';
  const header = checklistHeader(record);

  const log: string[] = [];
  const logListener = consoleChecklist({ write: (text) => log.push(text), isTTY: false });
  const frames: string[] = [];
  const ttyListener = consoleChecklist({ write: (text) => frames.push(text), isTTY: true, now: () => 0, schedule: () => () => {} });
  for (const event of ran.events) {
    logListener(event);
    ttyListener(event);
  }
  const logLines = log.join('').split('\n');
  const frame = frames.at(-1)!.replace(/^\x1b\[\d+A\r\x1b\[0J/, '').trimEnd().split('\n');
  const comment = renderComment(record, { marker: commentMarker('views.yml'), redact: (t) => t, goals: ran.goals });
  const commentLines = comment.split('\n');
  const summary = renderSummary(record, { redact: (t) => t, goals: ran.goals });
  const summaryLines = summary.split('\n');

  // The header counts.
  expect(comment).toContain(header);
  expect(summary).toContain(header);
  expect(frame.at(-1)).toContain(header);
  expect(logLines.filter((line) => line !== '').at(-1)).toContain(header);

  for (const planStep of record.plan?.steps ?? []) {
    const state = record.steps.get(planStep.key)?.state ?? 'pending';
    const icon = STATE_ICONS[state];
    const key = planStep.key;
    expect(iconOf(commentLines, '- ', ` ${key}. `), `comment ${key}`).toBe(icon);
    expect(iconOf(summaryLines, '', ` **${key}. `), `summary ${key}`).toBe(icon);
    expect(iconOf(frame, '', ` ${key}. `), `terminal ${key}`).toBe(icon);
    expect(iconOf(logLines, '', ` ${key}. `), `log ${key}`).toBe(icon);
    const step = record.steps.get(key);
    if (step?.itemCounts) {
      const progress = itemProgress(step);
      expect(summaryLines.some((line) => line.startsWith(`${icon} **${key}. `) && line.includes(progress.replace(' — ', ''))), `summary progress ${key}`).toBe(true);
      // Each item under its step: an item not run once its step has ended is skipped.
      for (const item of step.items ?? []) {
        const itemIcon = STATE_ICONS[item.state === 'pending' && step.state !== 'in_progress' && step.state !== 'pending' ? 'skipped' : item.state];
        expect(iconOf(summaryLines, '- ', ` ${escapeMarkdown(item.key)}`), `summary item ${item.key}`).toBe(itemIcon);
      }
    }
    // A used plan's steps, under their step (each view's lines from the step's own to the next step's).
    for (const inner of step?.nested?.plan?.steps ?? []) {
      const innerIcon = STATE_ICONS[step!.nested!.steps.get(inner.key)?.state ?? 'pending'];
      expect(iconOf(under(commentLines, `- ${icon} ${key}. `, /^- /u), '  - ', ` ${inner.key}. `), `comment ${key}/${inner.key}`).toBe(innerIcon);
      expect(iconOf(under(summaryLines, `${icon} **${key}. `, /^\S+ \*\*/u), '- ', ` ${inner.key}. `), `summary ${key}/${inner.key}`).toBe(innerIcon);
      expect(iconOf(under(frame, `${icon} ${key}. `, /^\S/u), '  ', ` ${inner.key}. `), `terminal ${key}/${inner.key}`).toBe(innerIcon);
      expect(iconOf(logLines, `  ${key} › `, ` ${inner.key}. `), `log ${key}/${inner.key}`).toBe(innerIcon);
    }
  }

  if (ended) {
    // Nothing runs once the run has ended; nothing waits to run unless it paused.
    for (const [name, lines] of [['comment', commentLines], ['summary', summaryLines], ['terminal', frame]] as const) {
      expect(lines.filter((line) => /^\s*-? ?⏳/u.test(line)), `${name} ⏳ after the end`).toEqual([]);
      if (!paused) expect(lines.filter((line) => /^\s*(?:- )?⬜/u.test(line) && !TODO_LINE.test(line)), `${name} ⬜ after the end`).toEqual([]);
    }
    const last = `**Finished: ${statusText(record, (t) => t)}**`;
    expect(comment).toContain(last);
    expect(summary).toContain(`**Status:** ${statusText(record, (t) => t)}`);
  }
  if (ran.goals.length > 0) {
    const headline = goalsHeadline(ran.goals);
    expect(comment).toContain(`#### Goals — ${headline}`);
    expect(summary).toContain(`### Goals — ${headline}`);
    expect(logLines.filter((line) => line !== '').at(-1)).toContain(headline);
  }
  expect(replayTrace(ran.events)).toEqual(record);
}

describe('every view of a run agrees with its record (random runs driven through the executor)', () => {
  it('shows each step’s state, the counts, the end and the goals as the record has them, and the trace replays to the record', async () => {
    await fc.assert(
      fc.asyncProperty(runSpec, async (spec) => {
        const ran = await drive(spec);
        expect(ran.record.status).toBe(ran.status);
        checkViews(ran);
      }),
      { numRuns: 80, seed: 20261201 },
    );
  });
});
