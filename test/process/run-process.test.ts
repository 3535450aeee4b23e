import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runProcess, type RunProcessOptions } from '../../src/process/run-process.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'run-process-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const options = (signal?: AbortSignal): RunProcessOptions => ({
  cwd: dir,
  env: { PATH: process.env['PATH'] },
  stdin: '',
  timeoutMs: 10_000,
  output: { mode: 'separate', maxStdoutBytes: 1024, maxStderrBytes: 1024 },
  ...(signal ? { signal } : {}),
});

// Writes a file after a moment: it exists only if the process was started and left to run.
const writesLater = (file: string) => [process.execPath, '-e', `setTimeout(() => require('node:fs').writeFileSync(${JSON.stringify(file)}, 'ran'), 300)`];

describe('runProcess and its abort signal', () => {
  it('starts nothing for a signal aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort('stop');
    const file = path.join(dir, 'before');
    expect(await runProcess(writesLater(file), options(controller.signal))).toEqual({ kind: 'aborted', reason: 'stop' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(file)).toBe(false);
  });

  it('stops a process whose signal is aborted right after the call, while node:child_process may still be loading', async () => {
    const controller = new AbortController();
    const file = path.join(dir, 'during');
    const running = runProcess(writesLater(file), options(controller.signal));
    controller.abort('stop');
    expect(await running).toMatchObject({ kind: 'aborted' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(file)).toBe(false);
  });

  it('runs a process to its end when nothing aborts it', async () => {
    const file = path.join(dir, 'ran');
    expect(await runProcess(writesLater(file), options())).toMatchObject({ kind: 'exited', exitCode: 0 });
    expect(existsSync(file)).toBe(true);
  });
});

/** Whether process `pid` has exited (Linux: its state in /proc is Z, or it was reaped already). */
function exited(pid: string): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('runProcess and its timeout when the event loop was blocked', () => {
  it('reports a command that exited in time as exited, though the loop could read its exit only after the deadline', async () => {
    const started = path.join(dir, 'started');
    const timeoutMs = 1000;
    const outcome = runProcess(['sh', '-c', `echo $$ > ${JSON.stringify(started)}.tmp; mv ${JSON.stringify(started)}.tmp ${JSON.stringify(started)}; sleep 0.05; echo answer`], { ...options(), timeoutMs });
    while (!existsSync(started)) await sleep(2);
    // The deadline was set when the command was spawned, so before now: counted from here, it has passed
    // at the end of the block however long a loaded machine took to load node:child_process and spawn.
    const seenAt = performance.now();
    // Block in the loop's I/O phase, as a module compiling after its file was read does, until the
    // command has exited and the deadline has passed: both are then ready, and nothing was read.
    const pid = (await readFile(started, 'utf8')).trim();
    while (!exited(pid) || performance.now() < seenAt + timeoutMs + 50) {
      // busy
    }
    expect(await outcome).toMatchObject({ kind: 'exited', exitCode: 0, stdout: 'answer\n' });
  });

  // The exit was read while the loop caught up, but the timeout was declared after it anyway: with a
  // process it left holding the pipes open (its own session, no marker), the command that exited 0 in
  // time ended as timed out once the pipes' grace ran out (found by a review).
  it('reports it as exited when a process it left holds the pipes open past the deadline', async () => {
    const started = path.join(dir, 'started');
    const orphan = path.join(dir, 'orphan');
    const timeoutMs = 1000;
    const script = `echo $$ > ${JSON.stringify(started)}.tmp; mv ${JSON.stringify(started)}.tmp ${JSON.stringify(started)}; setsid env -i sleep 30 & echo $! > ${JSON.stringify(orphan)}; sleep 0.05; echo answer`;
    const outcome = runProcess(['sh', '-c', script], { ...options(), timeoutMs });
    try {
      while (!existsSync(started)) await sleep(2);
      const seenAt = performance.now();
      const pid = (await readFile(started, 'utf8')).trim();
      while (!exited(pid) || performance.now() < seenAt + timeoutMs + 50) {
        // busy
      }
      expect(await outcome).toMatchObject({ kind: 'exited', exitCode: 0, stdout: 'answer\n' });
    } finally {
      const left = Number((await readFile(orphan, 'utf8').catch(() => '')).trim());
      if (left > 0) process.kill(left, 'SIGKILL');
    }
  });
});
