import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { reportPaths } from '../../src/action/report-paths.ts';
import { refuseRun } from '../../src/action/refuse-run.ts';
import { runAction } from '../../src/action/run-action.ts';
import { writeReport } from '../../src/action/write-report.ts';
import { systemClock } from '../../src/core/clock.ts';
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

// The `report` output named the report file though it could not be written: a later step that
// uploads or reads it found nothing there. It is '' then, as `trace` is for a trace not written.
it('the report output is empty when the report file could not be written, and the summary says where the record is', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-write-report-'));
  try {
    const runnerTemp = path.join(dir, 'runner');
    await writeFile(path.join(dir, 'plan.yml'), 'name: p\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
    // A folder where the report file goes: the write fails.
    await mkdir(reportPaths(path.join(runnerTemp, 'plan-runner'), 'plan.yml').report, { recursive: true });
    const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: dir, GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: runnerTemp });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
    await result.published;
    expect(result.outputs.status).toBe('succeeded');
    expect(result.outputs.report).toBe('');
    expect(result.outputs.trace).not.toBe('');
    expect(said.warnings.join('\n')).toContain('the job summary still has it');
    expect(said.summary).toContain('## ✅');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

// The same for a run refused before it starts (found by a review of the change above).
it('a refused run’s report output is empty when its report file could not be written', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-write-report-'));
  try {
    const runnerTemp = path.join(dir, 'runner');
    await writeFile(path.join(dir, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
    await mkdir(reportPaths(path.join(runnerTemp, 'plan-runner'), 'plan.yml').report, { recursive: true });
    const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: dir, GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: runnerTemp });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io } = recordingIO();
    const refused = await refuseRun(read.settings, 'not allowed here', { io, redact: createRedactor() });
    expect(refused.outputs.report).toBe('');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
