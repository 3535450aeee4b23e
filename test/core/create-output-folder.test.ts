import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutputFolder } from '../../src/core/create-output-folder.ts';
import { OutputPathRefusedError } from '../../src/core/output-path-refused-error.ts';

describe('createOutputFolder', () => {
  it('creates the folders of a normal path', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'output-folder-'));
    createOutputFolder(path.join(base, 'a/b/trace.jsonl'));
    expect(existsSync(path.join(base, 'a/b'))).toBe(true);
  });

  it.each(['/proc/nope/trace.jsonl', '/proc/self/nope/x.md', '/sys/nope/x.md', '/dev/nope/x.md', '/proc/1/environ'])('refuses %s', (file) => {
    expect(() => createOutputFolder(file)).toThrow(OutputPathRefusedError);
  });

  it('names the file that stands where a folder should be, for any depth below it', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'output-folder-'));
    const file = path.join(base, 'report.md');
    writeFileSync(file, '');
    for (const below of ['trace.jsonl', 'runs/trace.jsonl']) {
      expect(() => createOutputFolder(path.join(file, below))).toThrow(`${file} is not a folder, so nothing can be written in it; choose another path`);
    }
  });

  it.skipIf(!existsSync('/dev/null'))('lets an existing device such as /dev/null be written', () => {
    expect(() => createOutputFolder('/dev/null')).not.toThrow();
  });
});
