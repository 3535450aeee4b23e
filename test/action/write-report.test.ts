import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeReport } from '../../src/action/write-report.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { recordingIO } from './recording-io.ts';

// report.md is written by every ending of a run (a finished run, a /reject, the post step's end of a
// killed run); the last two wrote it without the redaction pass the first had.
it('writes the report file redacted and the summary through the IO, for every ending alike', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-write-report-'));
  try {
    const { io, said } = recordingIO();
    const report = { markdown: '## Report\n\nkey S3cr3t$Pass*2024 in a line\n' } as FinalReport;
    await writeReport(report, path.join(dir, 'report.md'), io, createRedactor(['S3cr3t$Pass*2024']));
    expect(await readFile(path.join(dir, 'report.md'), 'utf8')).toBe('## Report\n\nkey *** in a line\n');
    expect(said.summary).toContain('## Report');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// The runner drops a job summary over 1 MiB whole, and for a fork's run it is the only output: a note
// put before a summary the renderer had fitted to the limit took it over (found by a review).
it('never writes a job summary over 1 MiB: the notes before the report count, and whatever else is over is cut at a line', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-write-report-'));
  try {
    const { io, said } = recordingIO();
    const line = `| ${'結果'.repeat(40)} |\n`;
    const report = { markdown: `## Report\n\n${line.repeat(Math.ceil((1024 * 1024) / Buffer.byteLength(line)) + 10)}` } as FinalReport;
    await writeReport(report, path.join(dir, 'report.md'), io, createRedactor());
    expect(Buffer.byteLength(said.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(said.summary.startsWith('## Report\n\n')).toBe(true);
    expect(said.summary.endsWith(`${line}…`)).toBe(true);
    // The report file keeps all of it.
    expect(await readFile(path.join(dir, 'report.md'), 'utf8')).toBe(report.markdown);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
