// A plan with more problems than the loader lists (20, then one "and N more" that stands for the rest; 40 here) had its
// annotations' last one say "13 more plan file errors" for 32 problems not shown: it counted the loader's lines,
// not the problems they stand for, and the summary beside it said 40 (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-error-count-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

it('counts the problems an “and N more” error stands for in the annotation that sums up the rest', async () => {
  const steps = Array.from({ length: 40 }, (_, i) => `  - { id: s${i}, type: reasoning, description: x, unknown_key_${i}: 1 }`).join('\n');
  await writeFile(path.join(workspace, 'plan.yml'), `name: Many problems\nworkflow_sequence:\n${steps}\n`);
  const given: Record<string, string> = { plan: 'plan.yml', state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock });
  await result.published;
  expect(said.summary).toContain('40 problems');
  const errors = said.annotations.filter((annotation) => annotation.level === 'error');
  expect(errors).toHaveLength(9);
  expect(errors[8]).toMatchObject({ title: '32 more plan file errors', message: expect.stringMatching(/^32 more plan file errors /) });
});
