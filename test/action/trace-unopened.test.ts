// Found by an adversarial pass (in the CLI; the action shared the fault): a trace file that could not be opened
// left the summary saying the results it cut were in that file. The open's failure is played here, as the real
// one reports it: the runner's temp folder is writable, and root writes anywhere.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-unopened-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('an action run whose trace file could not be opened', () => {
  it('opens its summary with a warning that the trace is incomplete, and gives no trace output', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), 'name: Sums\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\n');
    const runnerTemp = path.join(workspace, 'runner');
    await mkdir(runnerTemp, { recursive: true });
    const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'workflow_dispatch', GITHUB_REPOSITORY: 'octo/app', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
    const given: Record<string, string> = { plan: 'plan.yml', state: 'off' };
    const read = await readActionSettings((name) => given[name] ?? '', env);
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const unopened = (file: string, _redact: unknown, warn: (message: string) => void) => {
      warn(`cannot write the trace file ${file}: EACCES: permission denied; the run goes on without a trace.`);
      return undefined;
    };
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, openTrace: unopened });
    await result.published;
    expect(result.failure).toBeUndefined();
    expect(result.outputs.trace).toBe('');
    const summary = await readFile(result.outputs.report, 'utf8');
    expect(summary).toMatch(/^> \[!WARNING\]\n> \*\*The trace is incomplete:\*\* `[^`]+` could not be written whole/);
    expect(said.warnings.join('\n')).toContain('the run goes on without a trace');
  });
});
