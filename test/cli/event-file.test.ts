import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';

const CLI = path.resolve(import.meta.dirname, '../../src/cli.ts');
const PLAN = path.resolve(import.meta.dirname, '../../workflows/bodmas.yml');

// Found by an adversarial CLI hunt: the event file GITHUB_EVENT_PATH names (set by hand for a pull request, as the
// README says) was read whole and blocking: a FIFO no one writes hung `run` past Ctrl-C and SIGTERM, and /dev/zero
// filled the memory. In a child process, so a regression blocks that process (killed at the timeout), not the suite.
describe('the event file the CLI reads from GITHUB_EVENT_PATH', () => {
  it('is not waited for when it is a FIFO: the run goes on without it, and a warning says why', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-event-'));
    copyFileSync(PLAN, path.join(dir, 'plan.yml'));
    const fifo = path.join(dir, 'event.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const run = spawnSync(process.execPath, [CLI, 'run', 'plan.yml'], {
      cwd: dir,
      encoding: 'utf8',
      // SIGKILL: blocked in a read, the CLI never runs its SIGTERM handler, so SIGTERM would not end it.
      timeout: 15_000,
      killSignal: 'SIGKILL',
      env: { PATH: process.env['PATH'] ?? '', ...compileCacheEnv(), GITHUB_EVENT_PATH: fifo },
    });
    expect({ signal: run.signal, status: run.status }).toEqual({ signal: null, status: 0 });
    expect(run.stdout).toContain('status: succeeded');
    expect(run.stderr).toBe(`warning: GITHUB_EVENT_PATH ${fifo}: not a file (a folder, a FIFO or a device); give the path of a regular file; the github toolset sees no pull request or issue of the event\n`);
  });
});
