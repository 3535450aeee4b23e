import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockTrace, processStartOf, traceLockFile } from '../../src/core/trace-lock.ts';
import { TraceInUseError } from '../../src/core/trace-in-use-error.ts';

let dir: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-trace-lock-'));
});
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A live process that is no run: its pid, as a lock a killed run left would name it once the pid is used again. */
function otherProcess(): number {
  child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return child.pid!;
}

// Found by a hunt of kills: a lock naming a killed run's pid, which another process now had (a container's pids are
// few and soon used again), refused every later run of the trace until someone removed the file.
describe.runIf(process.platform === 'linux')('a trace lock whose pid another process has now', () => {
  it('is taken over, where one whose process is the same holds', async () => {
    const trace = path.join(dir, 'trace.jsonl');
    const pid = otherProcess();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = processStartOf(pid);
    expect(started).toMatch(/^\d+$/);
    const holder = { pid, host: os.hostname(), started: new Date().toISOString() };
    writeFileSync(traceLockFile(trace), JSON.stringify({ ...holder, processStart: started }));
    expect(() => lockTrace(trace)).toThrow(TraceInUseError);
    // The same pid, started at another time: the run that wrote the lock ended, and its lock is taken over.
    writeFileSync(traceLockFile(trace), JSON.stringify({ ...holder, processStart: `${Number(started) - 1}` }));
    const release = lockTrace(trace);
    expect(release).toBeTypeOf('function');
    expect(JSON.parse(readFileSync(traceLockFile(trace), 'utf8'))).toMatchObject({ pid: process.pid, processStart: processStartOf(process.pid) });
    release!();
    // A lock written before locks named their process's start holds while its pid is alive, as it did.
    writeFileSync(traceLockFile(trace), JSON.stringify(holder));
    expect(() => lockTrace(trace)).toThrow(TraceInUseError);
  });
});
