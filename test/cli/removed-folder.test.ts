import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';

const CLI = path.resolve(import.meta.dirname, '../../src/cli.ts');
const PLAN = path.resolve(import.meta.dirname, '../../workflows/bodmas.yml');

describe('the CLI started in a folder that was removed', () => {
  // Found by an adversarial pass: every command but --help and --version said "internal error: ENOENT: process.cwd failed…".
  it('says the current folder is gone and what to do, for each command, not an internal error', () => {
    for (const command of [['validate', PLAN], ['run', PLAN], ['plan', PLAN], ['eval', PLAN, '--runs', '1']]) {
      const folder = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-removed-'));
      // The shell enters the folder, removes it, then starts the CLI there.
      const result = spawnSync('/bin/sh', ['-c', 'cd "$1" && rmdir "$1" && shift && exec "$@"', 'sh', folder, process.execPath, CLI, ...command], {
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', ...compileCacheEnv() },
      });
      expect(result.stderr).toBe('plan-runner: the current folder no longer exists (it was removed after the shell entered it); cd to the repository root and run the command again\n');
      expect(result.status).toBe(1);
    }
  });
});
