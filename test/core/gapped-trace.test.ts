import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { markTraceGapped } from '../../src/core/trace-gap.ts';
import { parseResumeTrace } from '../../src/run/read-resume-trace.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-gapped-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// A trace whose writer failed midway (a full disk) was saved and resumed as if complete: the events after
// the failure, a call with side effects among them, were missing, and the resume made that call again
// (found by a review). Such a trace now ends in a gap line, which every resume refuses.
it('a trace its writer could not finish ends in a gap line, and no resume reads it', async () => {
  const file = path.join(dir, 'trace.jsonl');
  const started = JSON.stringify({ ts: '2026-12-02T00:00:00.000Z', type: 'plan_created', format: 2, at: 0, plan: { name: 'p', revision: 1, steps: [] } });
  // Cut mid-line by the failed write: the cut line is ended first, kept, and the trace reads as damaged.
  // Cut between lines: the gap line follows the last one, and the trace says it is incomplete.
  for (const [written, problem] of [
    [`${started}\n{"ts":"2026-12-02T00:00:01.000Z","type":"step_sta`, /the trace is damaged/],
    [`${started}\n`, /the trace is incomplete/],
  ] as const) {
    await writeFile(file, written);
    expect(markTraceGapped(file, 'the trace writer failed')).toBe(true);
    const text = await readFile(file, 'utf8');
    expect(text.startsWith(written.endsWith('\n') ? written : `${written}\n`)).toBe(true);
    expect(text.split('\n').slice(-2)).toEqual([expect.stringContaining('"type":"trace_gap"'), '']);
    expect(parseResumeTrace({ file, text }, 'p')).toMatchObject({ ok: false, problem: expect.stringMatching(problem) });
  }
});

// Found by an adversarial pass: `--trace /dev/full` failed to write, and the gap line's read of it back never
// ended (24 GB, then the kernel killed the run before its summary was written). Only a regular file is
// marked: not a device that takes every write (/dev/null), nor a FIFO, whose opening and reading block (in
// a child process, so a regression blocks that process, not the suite).
it('marks no trace that is not a regular file, and never blocks on one', () => {
  expect(markTraceGapped('/dev/null', 'x')).toBe(false);
  const fifo = path.join(dir, 'fifo');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/trace-gap.ts')).href;
  const script = `import { markTraceGapped } from ${JSON.stringify(module)};\nconsole.log(String(markTraceGapped(${JSON.stringify(fifo)}, 'x')));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
  expect({ signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ signal: null, stdout: 'false', stderr: '' });
});
