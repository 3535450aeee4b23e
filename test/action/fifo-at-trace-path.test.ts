// A step's code can put a FIFO where the trace goes (`rm trace.jsonl && mkfifo trace.jsonl`). The main step's
// state saving refused it as no regular file, then asked whether state was left to save (`stateLeftToSave`),
// which opened the path to read it and waited for a writer: the main step hung after setting its outputs, and
// the post step at its start, until the job's timeout (found by an adversarial pass).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('a FIFO at the trace’s path holds no started run, and looking does not wait for a writer', () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-fifo-trace-'));
  const fifo = path.join(dir, 'trace.jsonl');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const module = pathToFileURL(path.join(import.meta.dirname, '../../src/action/saved-state.ts')).href;
  const script = `import { traceHoldsStartedRun } from ${JSON.stringify(module)};\nconsole.log(String(await traceHoldsStartedRun(${JSON.stringify(fifo)})));`;
  // In a child process, so a regression blocks that process, not the suite.
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
  expect({ signal: run.signal, stdout: run.stdout.trim(), stderr: run.stderr }).toEqual({ signal: null, stdout: 'false', stderr: '' });
});
