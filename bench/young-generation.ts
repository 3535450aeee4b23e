import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchTable } from './bench-table.ts';
import { measure } from './listener-overhead.ts';
import { median } from './stats.ts';

const STEPS = 10_000;
const REPEATS = 3;
/** V8's young generation, per semi-space: its default here (up to 16 MiB on 64-bit), then capped. */
const SEMI_SPACES = [undefined, 8, 2] as const;

/** One child process, one run: the 10,000-step run bare or with every listener, its heapUsed peak per step. */
function child(semiSpaceMib: number | undefined, listeners: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const flags = semiSpaceMib === undefined ? [] : [`--max-semi-space-size=${semiSpaceMib}`];
    const running = spawn(process.execPath, [...flags, import.meta.filename, '--child', listeners ? 'full' : 'bare'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    running.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    running.on('error', reject);
    running.on('close', (code) => (code === 0 ? resolve(Number(JSON.parse(out))) : reject(new Error(`the bench child exited ${code}`))));
  });
}

/**
 * Section (4b): bench (4)'s "peak heapUsed" at 10,000 steps, one run per fresh process as a real
 * run has it, against the size V8 gives its young generation. Garbage waits there until a scavenge, and V8 grows the space as a program allocates
 * more, so the figure says how V8 sized that space at least as much as what the listeners keep.
 */
export async function youngGeneration(): Promise<BenchTable> {
  const rows: (string | number)[][] = [];
  for (const semiSpace of SEMI_SPACES) {
    const bares: number[] = [];
    const fulls: number[] = [];
    // Each run alone in its process, with nothing before it: a real run's young generation, not one grown by earlier runs.
    for (let i = 0; i < REPEATS; i++) {
      bares.push(await child(semiSpace, false));
      fulls.push(await child(semiSpace, true));
    }
    const full = median(fulls);
    const bare = median(bares);
    rows.push([semiSpace === undefined ? 'V8 default (up to 16 MiB)' : `${semiSpace} MiB`, full, bare, full - bare]);
  }
  return {
    title: `(4b) Peak heapUsed of one ${STEPS.toLocaleString('en-US')}-step run in a fresh process (as the action and the CLI run a plan), by the size of V8's young generation`,
    columns: ['semi-space size', 'with listeners KiB/step', 'bare KiB/step', 'beyond bare KiB/step'],
    rows,
    notes: [
      `bench (4)'s peak heapUsed (garbage not yet collected included, less the heap after a forced GC before the run), median of ${REPEATS} child processes each, started with --max-semi-space-size; each child makes one run, bare or with listeners, with no warm-up and nothing before it`,
      'the peak live memory beyond bare (bench 4) does not depend on this setting; the peak heapUsed does, because young garbage waits for a scavenge in a space V8 grows as a program allocates',
      'bench (4) runs some forty plans in one process and reports the highest peak of five: by then V8 has grown its young generation to its full size, which is why its figure is higher than a fresh process\'s',
      'target: ≤ 2 KiB/step beyond the results (beyond bare)',
    ],
  };
}

if (process.argv.includes('--child')) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-young-'));
  try {
    process.stdout.write(JSON.stringify((await measure(STEPS, process.argv.includes('full'), dir)).peakKibPerStep));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
