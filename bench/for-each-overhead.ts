import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { systemClock } from '../src/core/clock.ts';
import type { PlanStep } from '../src/core/plan-step.ts';
import type { RunEvent } from '../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../src/core/run-record.ts';
import { commentMarker } from '../src/report/comment/comment-marker.ts';
import { COMMENT_MAX_CHARS, renderComment } from '../src/report/comment/render-comment.ts';
import { renderSummary } from '../src/report/summary/render-summary.ts';
import { runPlan } from '../src/run/run-plan.ts';
import type { BenchTable } from './bench-table.ts';

const ITEMS = 10_000;
const REPEATS = 5;
const CONCURRENCY = [4, 64];

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function noOpStep(key: string, dependsOn: readonly string[], extra: Partial<PlanStep> = {}): PlanStep {
  return { key, id: key, type: 'reasoning', description: '', inputs: [], dependsOn, ...extra };
}

/** Plain: a list step and `ITEMS` hand-written no-op steps after it. */
function plainPlan(): PlanStep[] {
  return [noOpStep('list', []), ...Array.from({ length: ITEMS }, (_, i) => noOpStep(`s${i}`, ['list']))];
}

/** Mapped: the same list step and one for_each step over its `ITEMS` items. */
function mappedPlan(): PlanStep[] {
  return [noOpStep('list', []), noOpStep('each', ['list'], { forEach: { list: '${steps.list.result}', as: 'item', onItemFailure: 'fail' } })];
}

const LIST = Array.from({ length: ITEMS }, (_, i) => i);

interface Measure {
  readonly microsPerItem: number;
  readonly cpuMicrosPerItem: number;
  readonly peakHeapMb: number;
  readonly events: RunEvent[];
}

async function measure(steps: PlanStep[], concurrency: number, keep: boolean): Promise<Measure> {
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let count = 0;
  const events: RunEvent[] = [];
  const listener = (event: RunEvent): void => {
    if (keep) events.push(event);
    if (++count % 256 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const outcome = await runPlan(
    { name: 'bench', steps, limits: { concurrency, timeout_minutes: 30, max_items: ITEMS } },
    { runStep: async (ctx) => (ctx.step.key === 'list' ? LIST : null), tools: new Map(), listeners: [listener], clock: systemClock, cwd: '.', inputs: {} },
  );
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  if (outcome.status !== 'succeeded') throw new Error(`bench run ended ${outcome.status}: ${outcome.reason}`);
  return { microsPerItem: (elapsed * 1000) / ITEMS, cpuMicrosPerItem: (cpu.user + cpu.system) / ITEMS, peakHeapMb: (peak - heapBefore) / 1_048_576, events };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Section: a for_each over 10,000 no-op items against 10,000 plain no-op steps, and the report sizes it makes. */
export async function forEachOverhead(): Promise<BenchTable> {
  await measure(plainPlan(), 4, false); // warm-up
  await measure(mappedPlan(), 4, false);
  const rows: (string | number)[][] = [];
  for (const concurrency of CONCURRENCY) {
    const plain: Measure[] = [];
    const mapped: Measure[] = [];
    // Interleaved, so a busy moment on a shared machine hits both kinds alike.
    for (let i = 0; i < REPEATS; i++) {
      plain.push(await measure(plainPlan(), concurrency, false));
      mapped.push(await measure(mappedPlan(), concurrency, false));
    }
    const plainCpu = median(plain.map((m) => m.cpuMicrosPerItem));
    const mappedCpu = median(mapped.map((m) => m.cpuMicrosPerItem));
    const row = (kind: string, runs: Measure[], cpu: number): (string | number)[] => [
      `${kind} (concurrency ${concurrency})`,
      median(runs.map((m) => m.microsPerItem)),
      cpu,
      cpu / plainCpu,
      Math.max(...runs.map((m) => m.peakHeapMb)),
    ];
    rows.push(row('10,000 plain steps', plain, plainCpu), row('for_each, 10,000 items', mapped, mappedCpu));
  }
  // The report sizes from a run of their own, after the timed ones: keeping its 20,000 events raised the peak heap of the run it was.
  const record = (await measure(mappedPlan(), CONCURRENCY[0]!, true)).events.reduce(applyEvent, newRunRecord());
  const comment = renderComment(record, { marker: commentMarker('bench.yml'), redact: (text) => text });
  const summaryBytes = Buffer.byteLength(renderSummary(record, { redact: (text) => text }));
  return {
    title: '(4c) for_each over 10,000 no-op items vs 10,000 plain steps',
    columns: ['run', 'µs/item', 'CPU µs/item', '× plain (CPU)', 'peak heap MB'],
    rows,
    notes: [
      `median of ${REPEATS} interleaved runs after a warm-up; every step and item returns null at once, so the time is all executor`,
      'plain: the list step then 10,000 hand-written steps after it; for_each: the list step then one step mapped over its 10,000 items',
      'target: for_each within 2× a plain step per item (× plain ≤ 2)',
      `PR comment for the for_each run: ${comment.length.toLocaleString('en-US')} characters (limit ${COMMENT_MAX_CHARS.toLocaleString('en-US')}); job summary: ${summaryBytes.toLocaleString('en-US')} bytes (limit 1,048,576, items cut first)`,
    ],
  };
}
