import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');

beforeAll(cliBundle, 600_000);

// Found by an adversarial pass: each write to a standard output that fails (a redirect to a full disk)
// said so again, one line per turn of the event loop: a validate of two plans said it twice, a long run
// once per step, burying whatever else standard error said.
it.skipIf(!existsSync('/dev/full'))('says once that its standard output cannot be written, and exits 1', async () => {
  const { cli: entry } = await cliBundle();
  const full = openSync('/dev/full', 'w');
  try {
    const child = spawn(process.execPath, [entry, 'validate', 'workflows/bodmas.yml', 'workflows/weekly-report.yml', 'workflows/returns-check.yml'], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', ...compileCacheEnv() },
      stdio: ['ignore', full, 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'plan-runner: could not write to standard output: ENOSPC: no space left on device, write\n' });
  } finally {
    closeSync(full);
  }
});
