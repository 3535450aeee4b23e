import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { PlanStep } from '../src/core/plan-step.ts';
import { commentMarker } from '../src/report/comment/comment-marker.ts';
import { createCommentUpdater } from '../src/report/comment/comment-updater.ts';
import { renderComment } from '../src/report/comment/render-comment.ts';
import { consoleChecklist } from '../src/report/console-checklist.ts';
import { createRedactor } from '../src/core/redact.ts';
import { renderSummary } from '../src/report/summary/render-summary.ts';
import { traceWriter } from '../src/report/trace-writer.ts';
import { systemClock } from '../src/core/clock.ts';
import type { RunListener } from '../src/core/run-event.ts';
import { runPlan } from '../src/run/run-plan.ts';
import type { BenchTable } from './bench-table.ts';
import { median, spread } from './stats.ts';

const SIZES = [1_000, 3_000, 10_000];
const REPEATS = 5;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Independent math-like steps (the run's ready queue stays full), each returning a small number. */
function trivialPlan(size: number): PlanStep[] {
  return Array.from({ length: size }, (_, i) => ({
    key: String(i + 1),
    id: i + 1,
    type: 'tool_call',
    tool: 'add',
    description: `Add ${i + 1} and 1`,
    inputs: [],
    dependsOn: [],
  }));
}

interface Measure {
  /** Live heap when the run has finished (after a forced GC), per step: what a run of this size needs. */
  readonly retainedKibPerStep: number;
  /** Process CPU time (user + system): a busy machine moves it far less than wall time, and the comment's 1 s pacing is not work. */
  readonly ms: number;
  /** The same on the run's own thread alone: V8's helper threads (its parallel and concurrent GC, its compiler) left out. */
  readonly threadMs: number;
  readonly peakKibPerStep: number;
  /** With `sampleLive`: the most live heap seen (a forced GC every 500 events), less the heap before, per step. */
  readonly peakLiveKibPerStep?: number;
}

/** Every this many events, a run measured for its live memory is stopped for a full GC and sampled. */
const LIVE_SAMPLE_EVENTS = 500;

/**
 * One run of `size` trivial steps; with `listeners`, everything a CLI or action run has on: the
 * console checklist (log mode, to a sink), the trace file, the live comment (to an in-memory API,
 * at its real 1 s pace) and, after the run, the final comment and the job summary.
 */
export async function measure(size: number, withListeners: boolean, dir: string, sampleLive = false): Promise<Measure> {
  const steps = trivialPlan(size);
  const redact = createRedactor(['bench-secret-value', 'another-known-secret']);
  let written = 0;
  const bodies: string[] = [];
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  let events = 0;
  let peakLive = heapBefore;
  const sampler: RunListener = () => {
    if (++events % 256 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (sampleLive && events % LIVE_SAMPLE_EVENTS === 0) {
      gc();
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
  };
  const cpuBefore = process.cpuUsage();
  const threadBefore = process.threadCpuUsage();
  const listeners: RunListener[] = [sampler];
  const trace = withListeners ? traceWriter(path.join(dir, `bench-${size}.jsonl`), { redact }) : undefined;
  const marker = commentMarker('bench/plan.yml');
  const comment = withListeners
    ? createCommentUpdater({
        api: {
          listOwn: async () => [],
          read: async () => bodies.at(-1),
          create: async (body) => (bodies.push(body), { id: 1 }),
          update: async (_id, body) => void bodies.push(body),
          remove: async () => {},
        },
        marker,
        render: (record, goals) => redact(renderComment(record, { marker, redact, ...(goals ? { goals } : {}) })),
        warn: () => {},
        clock: systemClock,
      })
    : undefined;
  if (withListeners) {
    listeners.push(consoleChecklist({ write: (text) => (written += text.length), isTTY: false, redact }), trace!.listener, comment!.listener);
  }
  const outcome = await runPlan(
    { name: 'bench', steps, limits: { concurrency: 4, timeout_minutes: 30 } },
    {
      runStep: async (ctx) => Number(ctx.step.id) + 1,
      tools: new Map(),
      listeners,
      clock: systemClock,
      cwd: '.',
      inputs: {},
    },
  );
  // Live memory at the run's end, measured outside the timed CPU: a forced GC takes CPU too.
  const runCpu = process.cpuUsage(cpuBefore);
  const runThread = process.threadCpuUsage(threadBefore);
  gc();
  const retainedKibPerStep = (process.memoryUsage().heapUsed - heapBefore) / 1024 / size;
  peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
  const cpuAfterGc = process.cpuUsage();
  const threadAfterGc = process.threadCpuUsage();
  if (withListeners) {
    await trace!.close();
    await comment!.finish([]);
    written += renderSummary(outcome.record, { redact }).length;
  }
  const tail = process.cpuUsage(cpuAfterGc);
  const threadTail = process.threadCpuUsage(threadAfterGc);
  const ms = (runCpu.user + runCpu.system + tail.user + tail.system) / 1000;
  const threadMs = (runThread.user + runThread.system + threadTail.user + threadTail.system) / 1000;
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  if (outcome.status !== 'succeeded') throw new Error(`bench run of ${size} steps ended ${outcome.status}`);
  if (withListeners && (written === 0 || bodies.length === 0)) throw new Error('the listeners wrote nothing');
  return { ms, threadMs, retainedKibPerStep, peakKibPerStep: (peak - heapBefore) / 1024 / size, ...(sampleLive && { peakLiveKibPerStep: (peakLive - heapBefore) / 1024 / size }) };
}

/** Section (4): the whole run with every real listener on, against the listener-free executor, by plan size. */
export async function listenerOverhead(): Promise<BenchTable> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-bench-'));
  try {
    await measure(2_000, true, dir); // warm-up: let the JIT compile both paths first
    await measure(2_000, false, dir);
    const rows: (string | number)[][] = [];
    let perStepAtFirst: number | undefined;
    // The overhead of the size before, in ms (the median pair's): what the steps beyond it added is the difference.
    let before: { readonly size: number; readonly ms: number } | undefined;
    for (const size of SIZES) {
      const bare: Measure[] = [];
      const full: Measure[] = [];
      // Interleaved, so a change in the machine's load hits both alike.
      for (let i = 0; i < REPEATS; i++) {
        bare.push(await measure(size, false, dir));
        full.push(await measure(size, true, dir));
      }
      // Live memory at its peak, in runs of their own: a forced GC every 500 events would distort the CPU figures.
      const bareLive = await measure(size, false, dir, true);
      const fullLive = await measure(size, true, dir, true);
      const fullMs = full.map((m) => m.ms);
      const bareMs = bare.map((m) => m.ms);
      const overheads = full.map((m, i) => ((m.ms - bare[i]!.ms) * 1000) / size);
      const threadOverheads = full.map((m, i) => ((m.threadMs - bare[i]!.threadMs) * 1000) / size);
      const perStep = (median(fullMs) * 1000) / size;
      perStepAtFirst ??= perStep;
      const overheadMs = median(full.map((m, i) => m.ms - bare[i]!.ms));
      const beyond = before ? ((overheadMs - before.ms) * 1000) / (size - before.size) : '';
      before = { size, ms: overheadMs };
      rows.push([
        size,
        median(bareMs),
        median(fullMs),
        spread(fullMs),
        median(fullMs) / median(bareMs),
        median(overheads),
        spread(overheads),
        median(threadOverheads),
        beyond,
        perStep / perStepAtFirst,
        median(full.map((m) => m.retainedKibPerStep)) - median(bare.map((m) => m.retainedKibPerStep)),
        fullLive.peakLiveKibPerStep! - bareLive.peakLiveKibPerStep!,
        Math.max(...full.map((m) => m.peakKibPerStep)),
      ]);
    }
    return {
      title: '(4) A whole run with every listener on: checklist, trace, comment, summary',
      columns: ['steps', 'bare CPU ms', 'with listeners CPU ms', 'spread', '× bare', 'overhead µs/step', 'spread', 'of which the run\'s thread µs/step', 'µs per step beyond the size above', 'µs/step × 1,000-step', 'retained KiB/step beyond bare', 'peak live KiB/step beyond bare', 'peak heapUsed KiB/step'],
      rows,
      notes: [
        `process CPU time (user + system), median of ${REPEATS} interleaved pairs after a warm-up; bare = the same run with no listeners (the baseline); spread = ±half of (max − min), as a share of the median`,
        'with listeners: console checklist (log mode, to a sink), trace file, live comment (in-memory API, real 1 s pace) with its final write, and the job summary rendered after the run',
        'overhead µs/step: (with listeners − bare) / steps, per pair; of which the run\'s thread: the same on the main thread\'s CPU alone (`process.threadCpuUsage`), the rest being V8\'s helper threads (parallel and concurrent GC, background compiles) working for the listeners\' allocations; µs/step × 1,000-step: per-step time against the 1,000-step run (1.0 = linear total time)',
        'µs per step beyond the size above: the overhead (with listeners − bare, the median pair\'s, in ms) less the row above\'s, over the steps between: what each step adds, without what a run pays once whatever its size (V8 compiling the listeners\' code, which each run here does again after the forced GC, as a fresh process does once; the comment\'s last write)',
        'retained KiB/step beyond bare: live heap at the end of the run (after a forced GC, when the records are fullest) with listeners, less the bare run\'s, per step (results are small numbers)',
        `peak live KiB/step beyond bare: the most live heap seen during a run with listeners (a forced GC and a sample every ${LIVE_SAMPLE_EVENTS} events, in runs of their own, untimed) less the same for the bare run, per step: the memory the listeners need at their peak`,
        'peak heapUsed KiB/step: the most heapUsed seen during the run with listeners (garbage V8 has not collected yet included) minus heapUsed after a forced GC before it, per step; this follows what the listeners allocate (about 6 KiB/step in all) more than what they keep',
        'targets: overhead ≤ 20 µs/step at 10,000 steps; per-step time flat as steps grow; ≤ 2 KiB/step of memory beyond the results',
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
