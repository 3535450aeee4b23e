// The action names the files of plan errors from the workspace (the repository root), as annotations need
// them; a used plan's errors were named from the process's working directory, which is not the workspace
// under @github/local-action (or any start of the bundle from another folder): their annotations and the
// summary pointed at `../../tmp/…/plans/bad.yml`, a file GitHub does not have.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-used-plan-error-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

it('names a used plan’s error file from the workspace when the working directory is elsewhere', async () => {
  expect(path.relative(process.cwd(), workspace)).not.toBe('');
  await mkdir(path.join(workspace, 'plans'));
  await writeFile(path.join(workspace, 'plan.yml'), 'name: Uses\nworkflow_sequence:\n  - { id: a, type: plan, uses: plans/bad.yml, description: x }\n');
  await writeFile(path.join(workspace, 'plans', 'bad.yml'), 'name: Bad\nworkflow_sequence:\n  - id: 1\n    type: tool_call\n    tool: [multiply\n');
  const given: Record<string, string> = { plan: 'plan.yml', state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
  await result.published;
  expect(result.outputs.status).toBe('failed');
  const files = said.annotations.filter((annotation) => annotation['title'] === 'Plan file error').map((annotation) => annotation['file']);
  expect(files).toEqual(['plan.yml', 'plans/bad.yml']);
  expect(said.summary).toContain('`plans/bad.yml:5:11`');
  expect(said.log.some((line) => line.startsWith('plans/bad.yml:5:11: '))).toBe(true);
});
