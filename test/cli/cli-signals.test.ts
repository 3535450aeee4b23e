import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-signals-'));
  await cliBundle();
}, 180_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

// Found by review: the CLI took only the first SIGINT; a second (Ctrl-C twice) got Node's default and
// ended the process at once, with exit 130, no summary and a trace cut mid-run.
it('a second Ctrl-C still ends the run as a cancel, with its summary and trace written', async () => {
  await writeFile(
    path.join(dir, 'plan.yml'),
    'name: Slow\ntools:\n  wait: { description: Waits, command: [sh, -c, "sleep 30"] }\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: wait, args: {} }\n  - { id: b, type: tool_call, tool: wait, args: {} }\n',
  );
  const child = spawn(process.execPath, [(await cliBundle()).cli, 'run', 'plan.yml', '--trace', 't.jsonl', '--summary', 's.md'], {
    cwd: dir,
    env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), ...compileCacheEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // The checklist's log line for a step that started.
  const started = new Promise<void>((resolve) => child.stdout.setEncoding('utf8').on('data', (chunk: string) => ((stdout += chunk), stdout.includes('⏳') && resolve())));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  await started;
  child.kill('SIGINT');
  // Apart, so that the two are delivered as two (a signal sent while one is pending merges with it).
  await new Promise((resolve) => setTimeout(resolve, 50));
  child.kill('SIGINT');
  expect(await exited).toBe(1);
  expect(stderr).toContain('already stopping (SIGINT again)');
  expect(await readFile(path.join(dir, 's.md'), 'utf8')).toMatch(/cancelled/);
  expect(await readFile(path.join(dir, 't.jsonl'), 'utf8')).toMatch(/"type":"run_finished","status":"cancelled"/);
}, 60_000);
