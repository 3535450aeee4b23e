import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-terminal-job-'));
  await cliBundle();
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

// Found by an adversarial pass: a terminal inside a GitHub Actions job (`docker run -t`, a `script` shell) is read
// by the runner into the job log, which moves no cursor: the live checklist's redraws stayed there, each frame in
// full after the cursor movements meant to erase the one before. There each change is one line, as in any log.
it('writes the checklist as lines, with no cursor movement, on a terminal inside a GitHub Actions job', async () => {
  const command = `stty cols 80 rows 40 && exec "$0" "$1" run workflows/bodmas.yml --trace "$2" --summary "$3"`;
  const shell = `sh -c '${command}' ${[process.execPath, (await cliBundle()).cli, path.join(dir, 'trace.jsonl'), path.join(dir, 'report.md')].map((arg) => `'${arg}'`).join(' ')}`;
  const { stdout } = await promisify(execFile)('script', ['-qec', shell, '/dev/null'], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), TERM: 'xterm', GITHUB_ACTIONS: 'true', ...compileCacheEnv() } });
  expect(stdout).not.toContain('\x1b');
  expect(stdout).toContain('✅ 4. Subtract result of step 2 from result of step 3 → 11');
  expect(stdout).toContain('status: succeeded');
}, 60_000);
