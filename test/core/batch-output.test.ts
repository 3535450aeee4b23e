import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { batchOutput } from '../../src/core/batch-output.ts';

/** A stand-in for process.stdout or stderr, each write recorded in one log shared by both. */
function stream(name: string, log: string[], isTTY = false) {
  const fake = { isTTY, write: (chunk: unknown, ...rest: unknown[]) => (log.push(`${name}:${String(chunk)}`), typeof rest.at(-1) === 'function' && (rest.at(-1) as () => void)(), true) };
  return fake as unknown as NodeJS.WriteStream;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const exitListeners = process.listeners('exit');

afterEach(() => {
  // Each test's batcher flushes on exit: leave the test process's own handlers as they were.
  for (const listener of process.listeners('exit')) if (!exitListeners.includes(listener)) process.removeListener('exit', listener);
});

it('writes what one turn of the event loop gives it as one write, after that turn', async () => {
  const log: string[] = [];
  const out = stream('out', log);
  batchOutput(out);
  out.write('⬜ 1. a\n');
  out.write('⏳ 1. a\n');
  out.write('✅ 1. a\n');
  expect(log).toEqual([]);
  await turn();
  expect(log).toEqual(['out:⬜ 1. a\n⏳ 1. a\n✅ 1. a\n']);
  out.write('next\n');
  await turn();
  expect(log).toEqual(['out:⬜ 1. a\n⏳ 1. a\n✅ 1. a\n', 'out:next\n']);
});

it('writes at once once 64 KiB wait, and what is held before a write with a callback or an encoding', async () => {
  const log: string[] = [];
  const out = stream('out', log);
  batchOutput(out);
  out.write('a'.repeat(40_000));
  out.write('b'.repeat(30_000));
  expect(log.map((line) => line.length)).toEqual([4 + 70_000]);
  out.write('held\n');
  let called = false;
  out.write('with a callback\n', () => (called = true));
  out.write('aGk=', 'base64');
  expect(log.slice(1)).toEqual(['out:held\n', 'out:with a callback\n', 'out:aGk=']);
  expect(called).toBe(true);
  await turn();
  expect(log).toHaveLength(4);
});

it('writes what standard output holds before anything written to standard error', () => {
  const log: string[] = [];
  const out = stream('out', log);
  const err = stream('err', log);
  batchOutput(out, [err]);
  out.write('✅ 1. a\n');
  err.write('warning: b\n');
  out.write('✅ 2. c\n');
  expect(log).toEqual(['out:✅ 1. a\n', 'err:warning: b\n']);
});

it('leaves a terminal as it is', () => {
  const log: string[] = [];
  const out = stream('out', log, true);
  batchOutput(out);
  out.write('frame\n');
  expect(log).toEqual(['out:frame\n']);
});

it('writes what it holds when the process exits, by process.exit too, and in order with standard error', () => {
  const module = fileURLToPath(new URL('../../src/core/batch-output.ts', import.meta.url));
  const script = [
    `const { batchOutput } = await import(${JSON.stringify(module)});`,
    'batchOutput(process.stdout, [process.stderr]);',
    "for (let i = 0; i < 1000; i++) process.stdout.write(`line ${i}\\n`);",
    "process.stderr.write('err\\n');",
    "process.stdout.write('last\\n');",
    // An exit listener added after the batcher's writes too: no turn ends after it to write what it gives.
    "process.on('exit', () => process.stdout.write('after exit\\n'));",
    'process.exit(3);',
  ].join('\n');
  // Both streams to one file, as a job log merges them: the order they reach it in is the order written.
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'batch-output-')), 'log.txt');
  const fd = openSync(file, 'w');
  try {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', fd, fd] });
    expect(child.status).toBe(3);
  } finally {
    closeSync(fd);
  }
  const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join('');
  expect(readFileSync(file, 'utf8')).toBe(`${lines}err\nlast\nafter exit\n`);
});

// Found by a review: a pipe's writes were asynchronous, and one 64 KiB batch fills a pipe, so what was queued
// behind it (the last batch, written on exit) was lost at process.exit or a crash, whichever way the pipe was read.
it('has every line reach a pipe\'s reader before process.exit or a crash ends the process', async () => {
  const module = fileURLToPath(new URL('../../src/core/batch-output.ts', import.meta.url));
  const script = (end: string) =>
    [
      `const { batchOutput } = await import(${JSON.stringify(module)});`,
      'batchOutput(process.stdout, [process.stderr]);',
      // About 200 KB in one turn, as a 10,000-step plan's first checklist is (300 KB).
      "for (let i = 0; i < 3000; i++) process.stdout.write(`✅ ${i}. add → ${i + 1} ${'x'.repeat(40)}\\n`);",
      "process.stdout.write('LAST LINE\\n');",
      end,
    ].join('\n');
  for (const end of ['process.exit(3);', "throw new Error('boom');"]) {
    // Read by `cat`, which drains the pipe as it fills, and by a Node reader, which reads when its event loop turns.
    const catted = spawnSync('sh', ['-c', '"$0" --input-type=module -e "$1" 2>/dev/null | cat', process.execPath, script(end)], { maxBuffer: 1e8 });
    expect(catted.stdout.toString().endsWith('LAST LINE\n'), `${end} | cat`).toBe(true);
    const child = spawn(process.execPath, ['--input-type=module', '-e', script(end)], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    await new Promise((resolve) => child.on('close', resolve));
    expect(text.endsWith('LAST LINE\n'), `${end}, a Node reader`).toBe(true);
    expect(text.split('\n')).toHaveLength(3002);
  }
});

