import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { refuseLinkedOutputFolder } from '../../src/core/create-output-folder.ts';
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
  it('may be a link such as /dev/stdout or /dev/fd/N', () => {
    expect(() => refuseFinalSymlink('/dev/stdout')).not.toThrow();
    // /dev/fd/N names an open file through a link (as /dev/stdout does); here a temporary file's.
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'plan-runner-devfd-')), 'out.md');
    const held = openSync(file, 'w');
    const fd = openOutputFile(`/dev/fd/${held}`, 'a');
    writeSync(fd, 'report\n');
    closeSync(fd);
    closeSync(held);
    expect(readFileSync(file, 'utf8')).toBe('report\n');
  });
});
