import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { renderSummary, type SummaryOptions } from '../../src/report/summary/render-summary.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import type { RunRecord } from '../../src/core/run-record.ts';
import { referenceRenderSummary } from './summary-cap-reference.ts';
import { noRedaction, plan, RunScript, step, usage } from './summary-run-fixture.ts';
import { cpuHeavyTimeout } from '../helpers/cpu-heavy-timeout.ts';

/** A text of `length` times `char`, on two lines when `lines`: over 120 characters or on two lines, it is a cuttable block. */
const text = fc.tuple(fc.constantFrom('a', 'é', '€', '😀', '`'), fc.nat({ max: 2_500 }), fc.boolean()).map(([char, length, lines]) => `${char.repeat(length)}${lines ? '\nmore' : ''}`);

/** Mostly short: lines shorter than a notice are left out in runs, longer ones one by one. */
const short = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30, unit: 'grapheme' }));

const stepSpec = fc.record({
  title: fc.oneof({ arbitrary: short, weight: 3 }, { arbitrary: text.map((t) => t.slice(0, 400)), weight: 1 }),
  outcome: fc.constantFrom('complete', 'complete', 'complete', 'complete', 'complete', 'fail', 'skip', 'pending', 'running', 'items'),
  result: fc.oneof(short, text),
  items: fc.nat({ max: 30 }),
  // A TODO list is one more line of the step's, after its result.
  todos: fc.array(fc.tuple(short, fc.constantFrom('pending', 'completed')), { maxLength: 3 }),
});

const runSpec = fc.record({
  steps: fc.array(stepSpec, { minLength: 1, maxLength: 120, size: 'max' }),
  finished: fc.boolean(),
  // Each step completed with a short title and result unless it failed: runs of lines shorter than a notice.
  terse: fc.boolean(),
  replaced: fc.nat({ max: 6 }),
  goals: fc.nat({ max: 3 }),
  // Of the summary's size uncut: the cap falls where there is something to choose.
  cap: fc.double({ min: 0.2, max: 1.05, noNaN: true }),
  where: fc.constantFrom(undefined, 'the trace artifact `plan-runner-trace`'),
});

type RunSpec = typeof runSpec extends fc.Arbitrary<infer T> ? T : never;

function runOf(spec: RunSpec): { record: RunRecord; options: SummaryOptions } {
  const steps = spec.steps.map((s, i) => step(`s${i}`, (spec.terse ? s.title.slice(0, 30) : s.title) || 'untitled'));
  const script = new RunScript(plan(steps));
  for (const [i, s] of spec.steps.entries()) {
    const key = `s${i}`;
    const { outcome, result } = spec.terse && s.outcome !== 'fail' ? { outcome: 'complete', result: 'ok' } : s;
    if (outcome === 'complete') script.complete(key, result, i % 3 === 0 ? usage(1, 10, 5, 0.001) : NO_USAGE);
    else if (outcome === 'fail') script.fail(key, result);
    else if (outcome === 'skip') script.skip(key, result.slice(0, 200));
    else if (outcome === 'running') script.events.push({ type: 'step_started', at: 1, stepKey: key });
    else if (outcome === 'items') {
      const keys = Array.from({ length: s.items }, (_, n) => `${key}[${n}]`);
      script.events.push({ type: 'step_started', at: 1, stepKey: key }, { type: 'step_expanded', at: 1, stepKey: key, keys });
      keys.forEach((_, index) => script.events.push({ type: 'item_completed', at: 2, stepKey: key, index, result: result.slice(0, 300), durationMs: 1, usage: NO_USAGE }));
      script.events.push({ type: 'step_completed', at: 3, stepKey: key, result: [], durationMs: 2, usage: NO_USAGE });
    }
    if (s.todos.length > 0) script.events.push({ type: 'todos_created', at: 4, stepKey: key, todos: s.todos.map(([content, status], n) => ({ id: `${n}`, content, status })) });
  }
  if (spec.replaced > 0) {
    const replaced = steps.slice(0, spec.replaced).map((s) => s.key);
    script.events.push({ type: 'plan_revised', at: 5, plan: plan([...steps.slice(spec.replaced), step('n1', 'Retry differently')], { revision: 2 }), replaced, added: ['n1'], reason: 'retry' });
  }
  if (spec.finished) script.finish('failed', usage(3, 100, 50, 0.25));
  const goals = Array.from({ length: spec.goals }, (_, n) => ({ name: `goal ${n}`, severity: 'required' as const, outcome: n % 2 ? ('met' as const) : ('unmet' as const), evidence: 'e'.repeat(50 * n) }));
  const record = script.record();
  const options = { redact: noRedaction, goals, ...(spec.where ? { fullRecordAt: spec.where } : {}) };
  const uncut = Buffer.byteLength(renderSummary(record, { ...options, maxBytes: Infinity }));
  return { record, options: { ...options, maxBytes: Math.max(100, Math.floor(spec.cap * uncut)) } };
}

describe('renderSummary under a size cap, with each text measured once', () => {
  // Sizes summed from texts measured once must pick what to cut and leave out exactly as measuring the
  // joined text did: the renderer before the change is the reference, on runs of every kind of step. Three renders of
  // 250 runs (uncut for the cap, the renderer's, the reference's): 1.9 s of CPU alone, 21.5 s once on two loaded cores.
  it('gives the same bytes as joining and measuring the whole text at each step did', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(runSpec, (spec) => {
        const { record, options } = runOf(spec);
        const md = renderSummary(record, options);
        expect(md).toBe(referenceRenderSummary(record, options));
        if (/results? (was|were) cut/.test(md)) seen.add('results cut');
        if (md.includes('The plan graph was left out')) seen.add('graph cut');
        if (md.includes('left out here')) seen.add('steps left out');
        if (md.includes('The summary was cut here')) seen.add('end cut');
      }),
      { numRuns: 250 },
    );
    // Every way of cutting was taken by some of the runs.
    expect([...seen].sort()).toEqual(['end cut', 'graph cut', 'results cut', 'steps left out']);
  }, cpuHeavyTimeout(1.9));
});

// A summary of no more characters than its cap is built and measured whole before any text is measured apart: where it
// fits by characters but not by bytes (three bytes a CJK character), and at the byte it fits to, it is the reference's.
describe('renderSummary that may fit by its characters', () => {
  it('gives the reference’s bytes at its own size, a byte under it, and between its characters and its bytes', () => {
    const steps = Array.from({ length: 40 }, (_, i) => step(`s${i}`, `地域 ${i} を確認する`));
    const script = new RunScript(plan(steps));
    for (const [i, s] of steps.entries()) script.complete(s.key, i % 5 === 0 ? '結果'.repeat(200) : '済み');
    const record = script.finish('succeeded').record();
    const uncut = renderSummary(record, { redact: noRedaction, maxBytes: Infinity });
    const bytes = Buffer.byteLength(uncut);
    expect(bytes).toBeGreaterThan(uncut.length * 1.5);
    for (const maxBytes of [bytes, bytes - 1, uncut.length, Math.floor((uncut.length + bytes) / 2), uncut.length - 1]) {
      const md = renderSummary(record, { redact: noRedaction, maxBytes });
      expect(md).toBe(referenceRenderSummary(record, { redact: noRedaction, maxBytes }));
      expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes);
      if (maxBytes === bytes) expect(md).toBe(uncut);
      else expect(md).not.toBe(uncut);
    }
  });
});

/** How many characters `renderSummary` measured in bytes, against what the summary holds uncut. */
function measured(record: RunRecord, options: SummaryOptions): { characters: number; uncut: number } {
  const uncut = renderSummary(record, { ...options, maxBytes: Infinity }).length;
  const byteLength = vi.spyOn(Buffer, 'byteLength');
  try {
    renderSummary(record, options);
    return { characters: byteLength.mock.calls.reduce((sum, [text]) => sum + (typeof text === 'string' ? text.length : 0), 0), uncut };
  } finally {
    byteLength.mockRestore();
  }
}

// Found by a hunt for performance cliffs: each result's size was measured again in each comparison of
// the sort, and the whole summary was joined and measured again after each cut and each pass that left
// steps out. 256 results of 1 MB took 4.7 s and 1.3 GB (now 1.5 s and 0.9 GB); 80,000 steps 0.3-0.8 s
// more than now. Each text is measured once now, and the summary kept once more: less than twice what it
// holds uncut, where it was 5 and 9.5 times that here (and more, the more results or passes).
describe('renderSummary measures each text once', () => {
  it('sorts the results by their sizes measured once, not in each comparison', () => {
    const steps = Array.from({ length: 256 }, (_, i) => step(`r${i}`, `Result ${i}`));
    const script = new RunScript(plan(steps));
    for (const [i, s] of steps.entries()) script.complete(s.key, 'r'.repeat(5_000 + i));
    const { characters, uncut } = measured(script.finish('succeeded').record(), { redact: noRedaction, maxBytes: 200_000 });
    expect(characters).toBeLessThan(2 * uncut);
  });

  it('sums what the steps it keeps take instead of joining the summary after each pass', () => {
    const steps = Array.from({ length: 3_000 }, (_, i) => step(`s${i}`, `Check shard ${i} ${'t'.repeat(40)}`));
    const script = new RunScript(plan(steps));
    for (const [i, s] of steps.entries()) {
      if (i % 2 === 1) script.fail(s.key, `E${s.key}`);
      else script.complete(s.key, 'ok');
    }
    const { characters, uncut } = measured(script.finish('failed', usage(3, 100, 50, 0.25)).record(), { redact: noRedaction, maxBytes: 40_000 });
    expect(characters).toBeLessThan(2 * uncut);
  });
});
