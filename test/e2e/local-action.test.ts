import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCAL_ACTION = path.join(ROOT, 'node_modules/.bin/local-action');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'local-action-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('GitHub’s local runner (@github/local-action)', () => {
  it('runs the action from src/run.ts and prints status succeeded and result 11 for the BODMAS plan', async () => {
    const env = path.join(tmp, '.env');
    await writeFile(path.join(tmp, 'summary.md'), '');
    await writeFile(path.join(tmp, 'output.txt'), '');
    await writeFile(
      env,
      [
        'INPUT_PLAN=workflows/bodmas.yml',
        'INPUT_COMMENT=never',
        `RUNNER_TEMP=${tmp}`,
        `GITHUB_STEP_SUMMARY=${path.join(tmp, 'summary.md')}`,
        `GITHUB_OUTPUT=${path.join(tmp, 'output.txt')}`,
        '',
      ].join('\n'),
    );
    // The README's command, offline: no API key, no GitHub.
    const { stdout } = await run(LOCAL_ACTION, ['.', 'src/run.ts', env], {
      cwd: ROOT,
      env: { PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? tmp },
      timeout: 240_000,
    });
    expect(stdout).toContain('Action Outputs');
    expect(stdout).toMatch(/'status'\s*│\s*'succeeded'/);
    expect(stdout).toMatch(/'result'\s*│\s*'11'/);
    expect(stdout).not.toContain('does not export a run() function');
    expect(await readFile(path.join(tmp, 'summary.md'), 'utf8')).toContain('plan-runner: BODMAS');
  }, 300_000);
});
