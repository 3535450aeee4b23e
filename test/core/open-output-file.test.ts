import { closeSync, existsSync, fstatSync, linkSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { isatty } from 'node:tty';
import { describe, expect, it } from 'vitest';
import { createOutputFolder, refuseLinkedOutputFolder } from '../../src/core/create-output-folder.ts';
import { ownDescriptor } from '../../src/core/own-descriptor.ts';
import { openOutputFile, refuseFinalSymlink } from '../../src/core/open-output-file.ts';
import { OutputPathRefusedError } from '../../src/core/output-path-refused-error.ts';
import { traceWriter } from '../../src/report/trace-writer.ts';
import { writeReportFile } from '../../src/report/write-report-file.ts';
import { recordingModelClient } from '../../src/llm/recording-model-client.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';

function checkout() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-links-'));
  const victim = path.join(dir, 'victim.txt');
  writeFileSync(victim, 'precious\n');
  mkdirSync(path.join(dir, 'repo', '.plan-runner'), { recursive: true });
  return { dir, victim };
}

// Found by a replay hunt: the trace, the recording and the report were made 0o666 (0o644 under the usual umask), so
// another user of a shared machine read the tool outputs and model answers they hold.
describe('output files are made readable by their user only', () => {
  it.skipIf(process.platform === 'win32')('the report, the trace and the recording', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-modes-'));
    const report = path.join(dir, 'report.md');
    expect(await writeReportFile(report, '# report\n')).toBeUndefined();
    const trace = traceWriter(path.join(dir, 'trace.jsonl'));
    trace.listener({ type: 'plan_created', at: 0, plan: { name: 'p', revision: 1, steps: [] } } as never);
    await trace.close();
    const inner: ModelClient = { defaultModel: 'm', complete: () => Promise.reject(new Error('unused')) };
    recordingModelClient(inner, path.join(dir, 'record.jsonl'));
    for (const file of ['report.md', 'trace.jsonl', 'record.jsonl']) expect(statSync(path.join(dir, file)).mode & 0o777, file).toBe(0o600);
  });
});

describe('output files are never written through a final symlink', () => {
  it('the report, the trace and the recording refuse a link, and the file it points to is unchanged', async () => {
    const { dir, victim } = checkout();
    const link = (name: string) => {
      const file = path.join(dir, 'repo', '.plan-runner', name);
      symlinkSync('../../victim.txt', file);
      return file;
    };
    const report = await writeReportFile(link('report.md'), '# pwned\n');
    expect(report?.message).toMatch(/report\.md: it is a symbolic link/);
    expect(() => traceWriter(link('trace.jsonl'))).toThrow(/trace\.jsonl: it is a symbolic link/);
    const inner: ModelClient = { defaultModel: 'm', complete: () => Promise.reject(new Error('unused')) };
    expect(() => recordingModelClient(inner, link('rec.jsonl'))).toThrow(OutputPathRefusedError);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  // Found by an adversarial hunt: O_NOFOLLOW does not see a hard link, and a trace a step had linked to another file
  // emptied that file and wrote the trace into it, at the open (O_TRUNC) or when the writer put the trace back at its path.
  it('the report and the trace refuse a hard link, and the file it names too is unchanged', async () => {
    const { dir, victim } = checkout();
    const hard = (name: string) => {
      const file = path.join(dir, 'repo', '.plan-runner', name);
      linkSync(victim, file);
      return file;
    };
    const report = await writeReportFile(hard('report.md'), '# pwned\n');
    expect(report?.message).toMatch(/report\.md: it has another name \(a hard link\)/);
    expect(() => traceWriter(hard('trace.jsonl'))).toThrow(/trace\.jsonl: it has another name \(a hard link\)/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    // A trace whose path a step replaced with a hard link mid-run: the writer's next write does not go through it.
    const trace = path.join(dir, 'repo', '.plan-runner', 'later.jsonl');
    const writer = traceWriter(trace);
    writer.listener({ type: 'run_finished', status: 'failed', usage: { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 }, at: 1 } as never);
    unlinkSync(trace);
    linkSync(victim, trace);
    await expect(writer.close()).rejects.toThrow(/hard link/);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('writes through a linked folder the user names (a linked /tmp), and replaces a plain file', async () => {
    const { dir } = checkout();
    const real = path.join(dir, 'real');
    mkdirSync(real);
    symlinkSync(real, path.join(dir, 'tmp'));
    expect(await writeReportFile(path.join(dir, 'tmp', 'r.md'), 'one\n')).toBeUndefined();
    expect(await writeReportFile(path.join(dir, 'tmp', 'r.md'), 'two\n')).toBeUndefined();
    expect(readFileSync(path.join(real, 'r.md'), 'utf8')).toBe('two\n');
  });

  it('refuses a default output folder that is a symlink', () => {
    const { dir } = checkout();
    symlinkSync(dir, path.join(dir, 'repo', 'linked'));
    expect(() => refuseLinkedOutputFolder(path.join(dir, 'repo', 'linked'))).toThrow(/default output folder, and it is a symbolic link/);
    expect(() => refuseLinkedOutputFolder(path.join(dir, 'repo', '.plan-runner'))).not.toThrow();
    expect(() => refuseLinkedOutputFolder(path.join(dir, 'repo', 'absent'))).not.toThrow();
  });
});

// `--summary /dev/stdout` wrote the report to the terminal until outputs refused every final symlink;
// /dev/stdout is one, and no checkout puts a link under /dev (found by a review).
describe('an output under /dev', () => {
  it('may be a link such as /dev/stdout or /dev/fd/N, N a descriptor the process was started with (3>file)', () => {
    expect(() => refuseFinalSymlink('/dev/stdout')).not.toThrow();
    // /dev/fd/N names an open file through a link (as /dev/stdout does); here a temporary file's, given as descriptor 3.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-devfd-')), 'out.md');
    const held = openSync(file, 'w');
    const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/open-output-file.ts')).href;
    const script = `import { closeOutputFile, openOutputFile, writeOutputFile } from ${JSON.stringify(module)}; const fd = openOutputFile('/dev/fd/3', 'a'); writeOutputFile(fd, 'report\\n'); closeOutputFile(fd);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe', held], encoding: 'utf8', timeout: 15_000 });
    closeSync(held);
    expect({ status: run.status, stderr: run.stderr, written: readFileSync(file, 'utf8') }).toEqual({ status: 0, stderr: '', written: 'report\n' });
  });

  // Found by an adversarial pass: Node's own descriptors (libuv's epoll, eventfd and wake-up pipes, a /dev/null) sit
  // among the low numbers; `--summary /dev/fd/6` lost the report with exit 0, and /dev/fd/8 crashed the CLI.
  it.skipIf(process.platform !== 'linux')('is refused before the run when /dev/fd/N is no file or terminal: Node’s own pipe, epoll or eventfd', () => {
    // This process's own: the first open descriptor past standard error that is neither a file nor a terminal.
    const own = Array.from({ length: 60 }, (_, index) => index + 3).find((fd) => {
      try {
        return !fstatSync(fd).isFile() && !isatty(fd);
      } catch {
        return false;
      }
    })!;
    expect(own).toBeDefined();
    expect(ownDescriptor(`/dev/fd/${own}`)).toBeUndefined();
    expect(() => createOutputFolder(`/dev/fd/${own}`)).toThrow(`refused to write /dev/fd/${own}: descriptor ${own} is not a file or terminal open for writing (standard input, a pipe, or one opened only for reading): give it one in the shell, ${own}>file`);
    expect(ownDescriptor('/dev/stdout')).toBe(1);
  });

  // Found by a review: a descriptor open only for reading (`3<file`), and standard input, were taken as outputs; the run
  // went on, side effects and all, and its trace was lost at the first write.
  it('is refused before the run when /dev/fd/N is open only for reading, and at /dev/fd/0', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-devfd-')), 'in.txt');
    writeFileSync(file, 'input\n');
    const held = openSync(file, 'r');
    const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/create-output-folder.ts')).href;
    const script = `import { createOutputFolder } from ${JSON.stringify(module)}; for (const fd of [3, 0]) { try { createOutputFolder('/dev/fd/' + fd); console.log('taken', fd); } catch (error) { console.log(error.message); } }`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: [held, 'pipe', 'pipe', held], encoding: 'utf8', timeout: 15_000 });
    closeSync(held);
    expect(run.stdout.trim().split('\n')).toEqual([0, 3].reverse().map((fd) => `refused to write /dev/fd/${fd}: descriptor ${fd} is not a file or terminal open for writing (standard input, a pipe, or one opened only for reading): give it one in the shell, ${fd}>file; choose a path in the workspace or in RUNNER_TEMP`));
    expect(readFileSync(file, 'utf8')).toBe('input\n');
  });

  // A file put under /dev after the check before the run (`createOutputFolder`) was emptied and written, and a link there followed.
  it.skipIf(!existsSync('/dev/shm'))('is refused at the open when it is no device, and left as it was', async () => {
    const file = path.join('/dev/shm', `plan-runner-${process.pid}-open.md`);
    const link = path.join('/dev/shm', `plan-runner-${process.pid}-open-null`);
    writeFileSync(file, 'notes\n');
    symlinkSync('/dev/null', link);
    try {
      for (const mode of ['w', 'w+', 'a', 'a-existing'] as const) expect(() => openOutputFile(file, mode)).toThrow(/inside a system tree/);
      expect((await writeReportFile(link, '# report\n'))?.message).toMatch(/it is a symbolic link/);
      expect(readFileSync(file, 'utf8')).toBe('notes\n');
    } finally {
      rmSync(file, { force: true });
      rmSync(link, { force: true });
    }
  });

  // Found by an adversarial CLI hunt: opened again as /proc/self/fd/1, `--summary /dev/stdout >> run.log` emptied
  // run.log, and `--trace /dev/stdout > both.log` wrote from an offset of its own, over the checklist's lines.
  it('is /dev/stdout written where standard output stands, in a file appended to or written afresh', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-devstdout-'));
    const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/open-output-file.ts')).href;
    const script = [
      `import { closeOutputFile, openOutputFile, writeOutputFile } from ${JSON.stringify(module)};`,
      `process.stdout.write('checklist\\n');`,
      `const fd = openOutputFile('/dev/stdout');`,
      `writeOutputFile(fd, 'trace\\n');`,
      `closeOutputFile(fd);`,
      `process.stdout.write('status\\n');`,
    ].join('\n');
    const ends = (flags: 'a' | 'w') => {
      const file = path.join(dir, `${flags}.log`);
      writeFileSync(file, 'earlier\n');
      const out = openSync(file, flags);
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', out, 'pipe'], encoding: 'utf8', timeout: 15_000 });
      closeSync(out);
      return { status: run.status, stderr: run.stderr, written: readFileSync(file, 'utf8') };
    };
    expect(ends('a')).toEqual({ status: 0, stderr: '', written: 'earlier\nchecklist\ntrace\nstatus\n' });
    expect(ends('w')).toEqual({ status: 0, stderr: '', written: 'checklist\ntrace\nstatus\n' });
  });
});

// A step's code (a command tool) can put a FIFO where an output goes, mid-run: the trace writer put the trace
// back there (`keepAtPath`, opened read-write, which a FIFO allows at once) and its writes blocked the whole
// process, signals included, once the pipe was full; written only (a report), the open itself waited for a reader.
describe('an output that is a FIFO', () => {
  it('is refused at the open, read-write or write-only, without waiting for a reader', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-fifo-out-'));
    const fifo = path.join(dir, 'trace.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const module = pathToFileURL(path.join(import.meta.dirname, '../../src/core/open-output-file.ts')).href;
    const script = [
      `import { openOutputFile } from ${JSON.stringify(module)};`,
      `for (const mode of ['w+', 'w', 'a']) {`,
      `  try { openOutputFile(${JSON.stringify(fifo)}, mode); console.log(mode, 'opened'); } catch (error) { console.log(mode, error.name); }`,
      `}`,
    ].join('\n');
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 15_000 });
    expect({ signal: run.signal, stdout: run.stdout.trim().split('\n'), stderr: run.stderr }).toEqual({
      signal: null,
      stdout: ['w+ OutputPathRefusedError', 'w OutputPathRefusedError', 'a OutputPathRefusedError'],
      stderr: '',
    });
  });

  it('is not where the trace writer puts the trace back: the trace says it could not', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plan-runner-fifo-trace-'));
    const file = path.join(dir, 'trace.jsonl');
    const trace = traceWriter(file);
    trace.listener({ type: 'step_started', at: 0, stepKey: '1' });
    trace.flush();
    unlinkSync(file);
    expect(spawnSync('mkfifo', [file]).status).toBe(0);
    trace.listener({ type: 'step_started', at: 1, stepKey: '2' });
    trace.flush();
    expect(trace.problem()).toMatch(/trace\.jsonl: it is a FIFO or a socket/);
    await expect(trace.close()).rejects.toThrow(/FIFO/);
  });
});
