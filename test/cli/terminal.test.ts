import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import stringWidth from 'string-width';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compileCacheEnv } from '../helpers/compile-cache.ts';
import { cliBundle } from '../helpers/run-cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-terminal-'));
  await cliBundle();
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

// The code that measures a line's width loads only for a terminal (it starts ICU): `script` gives the
// built CLI a terminal 30 columns wide, whose checklist lines must be cut to 29 so a redraw never wraps.
it('cuts the checklist to the width of the terminal it runs on', async () => {
  const cli = (await cliBundle()).cli;
  const command = `stty cols 30 rows 40 && exec "$0" "$1" run workflows/bodmas.yml --trace "$2" --summary "$3"`;
  const shell = `sh -c '${command}' ${[process.execPath, cli, path.join(dir, 'trace.jsonl'), path.join(dir, 'report.md')].map((arg) => `'${arg}'`).join(' ')}`;
  const { stdout } = await promisify(execFile)('script', ['-qec', shell, '/dev/null'], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), TERM: 'xterm', ...compileCacheEnv() } });
  // The last frame, drawn whole at the end: after the last cursor movement.
  const frame = stdout.split('\x1b[0J').at(-1)!.split('\r\n');
  expect(frame[0]).toBe('BODMAS');
  expect(frame.filter((line) => line.endsWith('…')).length).toBeGreaterThan(0);
  for (const line of frame.slice(0, frame.findIndex((line) => line.startsWith('Run succeeded')) + 1)) expect(stringWidth(line)).toBeLessThanOrEqual(29);
}, 60_000);

// Found by an adversarial pass: on a terminal that says it moves no cursor (TERM=dumb: Emacs' shell, some
// editors' and CI consoles), the live checklist redrew itself with cursor movements, which showed as
// `^[[5A^[[0J` among its lines. There each change is one line, as in a log.
it('writes the checklist as lines, with no cursor movement, on a terminal that is dumb', async () => {
  const cli = (await cliBundle()).cli;
  const command = `exec "$0" "$1" run workflows/bodmas.yml --trace "$2" --summary "$3"`;
  const shell = `sh -c '${command}' ${[process.execPath, cli, path.join(dir, 'dumb-trace.jsonl'), path.join(dir, 'dumb-report.md')].map((arg) => `'${arg}'`).join(' ')}`;
  const { stdout } = await promisify(execFile)('script', ['-qec', shell, '/dev/null'], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), TERM: 'dumb', ...compileCacheEnv() } });
  expect(stdout).not.toContain('\x1b');
  expect(stdout).toContain('status: succeeded');
}, 60_000);

// Found by a review: with the trace written to the terminal itself (`--trace /dev/stdout`), each redraw of the live
// checklist moved up over the trace's lines as over its own, and erased them. Such a run writes the checklist as lines.
// So was one written to the terminal by another name (`/dev/tty`, `/dev/fd/3 3>/dev/tty`).
it('writes the checklist as lines when the trace goes to the terminal, by any name, and keeps every trace line', async () => {
  const cli = (await cliBundle()).cli;
  for (const [trace, redirect] of [['/dev/stdout', ''], ['/dev/tty', ''], ['/dev/fd/3', ' 3>/dev/tty']]) {
    const command = `exec "$0" "$1" run workflows/bodmas.yml --trace ${trace} --summary "$2"${redirect}`;
    const shell = `sh -c '${command}' ${[process.execPath, cli, path.join(dir, 'stdout-report.md')].map((arg) => `'${arg}'`).join(' ')}`;
    const { stdout } = await promisify(execFile)('script', ['-qec', shell, '/dev/null'], { cwd: ROOT, env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), TERM: 'xterm', ...compileCacheEnv() } });
    expect(stdout, trace).not.toContain('\x1b[0J');
    expect(stdout, trace).toContain('"type":"plan_created"');
    expect(stdout, trace).toContain('"type":"run_finished"');
    expect(stdout, trace).toContain('status: succeeded');
  }
}, 60_000);
