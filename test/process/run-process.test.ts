import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
