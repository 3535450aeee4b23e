import { spawn } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it, onTestFinished } from 'vitest';
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
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 1, stderr: 'plan-runner: could not write to standard output: ENOSPC: no space left on device, write\n' });
  } finally {
    closeSync(full);
  }
});

const ROOT_USER = process.getuid?.() === 0;
const SETPRIV = '/usr/bin/setpriv';

// Found by an adversarial pass: an output in a folder that exists but cannot be written (or a read-only file)
// was found only when the run ended, its steps done and its model calls paid for: the report was lost, and a
// trace that could not be opened left the run with nothing to resume from. checkOutputPaths promised "a
// read-only folder is said at once", which held only for a folder it had to create. Root writes anywhere, so
// as root the CLI runs as nobody (setpriv), from a copy of the bundle nobody can read.
it.skipIf(process.platform === 'win32' || (ROOT_USER && !existsSync(SETPRIV)))('refuses, before the run, an output in a folder it cannot write, or a file it cannot', async () => {
  const { cli: entry } = await cliBundle();
  const base = mkdtempSync(path.join(ROOT_USER ? '/tmp' : os.tmpdir(), 'plan-runner-read-only-'));
  onTestFinished(() => {
    chmodSync(path.join(base, 'locked'), 0o755);
    rmSync(base, { recursive: true, force: true });
  });
  cpSync(path.dirname(path.dirname(entry)), path.join(base, 'dist'), { recursive: true });
  copyFileSync(path.join(root, 'workflows/bodmas.yml'), path.join(base, 'bodmas.yml'));
  chmodSync(base, 0o777);
  mkdirSync(path.join(base, 'locked'));
  copyFileSync(path.join(root, 'workflows/bodmas.yml'), path.join(base, 'read-only.md'));
  chmodSync(path.join(base, 'read-only.md'), 0o444);
  chmodSync(path.join(base, 'locked'), 0o555);
  const run = async (args: readonly string[]) => {
    const command = [process.execPath, path.join(base, 'dist', 'cli', 'index.js'), ...args];
    const child = spawn(ROOT_USER ? SETPRIV : command[0]!, ROOT_USER ? ['--reuid=65534', '--regid=65534', '--clear-groups', ...command] : command.slice(1), {
      cwd: base,
      env: { PATH: process.env['PATH'] ?? '', HOME: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stdout, stderr };
  };
  expect(await run(['run', 'bodmas.yml', '--trace', 't.jsonl', '--summary', 'locked/report.md'])).toEqual({
    code: 1,
    stdout: '',
    stderr: 'plan-runner: cannot write --summary locked/report.md: its folder locked is not writable (EACCES); choose another path\n',
  });
  expect(await run(['run', 'bodmas.yml', '--trace', 'locked/t.jsonl', '--summary', 'report.md'])).toEqual({
    code: 1,
    stdout: '',
    stderr: 'plan-runner: cannot write --trace locked/t.jsonl: its folder locked is not writable (EACCES); choose another path\n',
  });
  expect(await run(['run', 'bodmas.yml', '--trace', 't.jsonl', '--summary', 'read-only.md'])).toEqual({
    code: 1,
    stdout: '',
    stderr: 'plan-runner: cannot write --summary read-only.md: it is not writable (EACCES); choose another path\n',
  });
  // The same paths, writable, run.
  expect((await run(['run', 'bodmas.yml', '--trace', 't.jsonl', '--summary', 'report.md'])).code).toBe(0);
});

// Found by an adversarial pass: a report whose write failed part-way (a full disk, a file size limit) was
// left cut on disk, where a later step (an artifact upload) took it for the whole report. The CLI said it
// could not write it; the cut file is removed, so no report is there rather than part of one.
it.skipIf(process.platform === 'win32')('leaves no cut report behind when its write fails part-way', async () => {
  const { cli: entry } = await cliBundle();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-cut-report-'));
  const report = path.join(dir, 'report.md');
  // Files may grow to 1,024 bytes (ulimit -f counts 512-byte blocks in POSIX sh, 1,024 in some): the report is longer.
  // SIGXFSZ is ignored, as the CLI's parent may, so the write fails with EFBIG instead of ending the process.
  const child = spawn('sh', ['-c', 'trap "" XFSZ; ulimit -f 2; exec "$0" "$@"', process.execPath, entry, 'run', 'workflows/bodmas.yml', '--trace', '/dev/null', '--summary', report], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', ...compileCacheEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect({ code, stderr }).toEqual({ code: 1, stderr: `plan-runner: cannot write the report to ${report} (EFBIG); check the path is writable and the disk is not full; choose another path with --summary FILE\n` });
  expect(existsSync(report)).toBe(false);
});
