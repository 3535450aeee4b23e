import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { gappedTraceCopy } from '../../src/core/trace-gap.ts';
import { parseResumeTrace } from '../../src/run/read-resume-trace.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-gapped-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// A trace whose writer failed midway (a full disk) was saved and resumed as if complete: the events after
// the failure, a call with side effects among them, were missing, and the resume made that call again
// (found by a review). Such a trace is now kept ending in a gap line, which every resume refuses.
it('a trace its writer could not finish ends in a gap line, and no resume reads it', async () => {
  const file = path.join(dir, 'trace.jsonl');
  const started = JSON.stringify({ ts: '2026-12-02T00:00:00.000Z', type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [] } });
  await writeFile(file, `${started}\n{"ts":"2026-12-02T00:00:01.000Z","type":"step_sta`);
  for (const copy of [path.join(dir, 'state.jsonl'), file]) {
    expect(gappedTraceCopy(file, copy, 'the trace writer failed')).toBe(copy);
    const text = await readFile(copy, 'utf8');
    expect(text.split('\n').filter(Boolean).at(-1)).toContain('"type":"trace_gap"');
    const read = parseResumeTrace({ file: copy, text }, 'p');
    // The copy says why; the trace itself, its cut line kept, reads as damaged: refused either way.
    expect(read).toMatchObject({ ok: false, problem: expect.stringMatching(copy === file ? /the trace is damaged/ : /the trace is incomplete/) });
  }
});

// Found by an adversarial pass: `--trace /dev/full` failed to write, and the gap line's read of it back never
// ended (24 GB, then the kernel killed the run before its summary was written). A FIFO stands in for the
// device (a read of it blocks): in a child process, so a regression blocks that process, not the suite.
it('reads no trace back that is not a regular file', () => {
  const fifo = path.join(dir, 'fifo');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/trace-gap.ts')).href;
  const script = `import { gappedTraceCopy } from ${JSON.stringify(module)};\nconsole.log(String(gappedTraceCopy(${JSON.stringify(fifo)}, ${JSON.stringify(path.join(dir, 'copy'))}, 'x')));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
  expect({ signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ signal: null, stdout: 'undefined', stderr: '' });
});
