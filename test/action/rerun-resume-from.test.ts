import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Post
tools:
  post: { description: Posts once, command: [sh, -c, 'test -e allow && echo posted >> log'], side_effects: true }
  gate: { description: Passes when the file ok exists, command: [cat, ok] }
workflow_sequence:
  - { id: 1, type: tool_call, tool: post, args: {} }
  - { id: 2, type: tool_call, tool: gate, args: {}, depends_on: [1] }
`;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-rerun-resume-from-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

// Found by a hunt of durable runs: a re-run looked up no earlier attempt's state when resume-from was given, and went on
// from the downloaded trace again, so the side effect attempt 1 made was made again.
it('a re-run of a job that resumes a downloaded trace (resume-from) does not repeat the side effect attempt 1 made', async () => {
  const workspace = path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const store = await memoryStateStore();
  const step = async (inputs: Record<string, string>, attempt: number, runId: string) => {
    const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: String(attempt), GITHUB_JOB: 'plan', RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store, saveState: () => undefined });
    await result.published;
    return { result, said };
  };
  // Another workflow run (run 41): the post failed for certain (no `allow`), so calling it again is safe.
  const earlier = await step({ state: 'off' }, 1, '41');
  expect(earlier.result.outputs.status).toBe('failed');
  await copyFile(earlier.result.outputs.trace, path.join(workspace, 'downloaded.jsonl'));
  await writeFile(path.join(workspace, 'allow'), '');
  // Run 42, attempt 1: resumes the downloaded trace, posts, and fails at the gate.
  const first = await step({ 'resume-from': 'downloaded.jsonl' }, 1, '42');
  expect(first.result.outputs.status).toBe('failed');
  expect(await readFile(path.join(workspace, 'log'), 'utf8')).toBe('posted\n');
  // "Re-run failed jobs": the workflow is as it was, so the same downloaded trace is given again.
  await writeFile(path.join(workspace, 'ok'), 'ok');
  const rerun = await step({ 'resume-from': 'downloaded.jsonl' }, 2, '42');
  expect(await readFile(path.join(workspace, 'log'), 'utf8')).toBe('posted\n');
  expect(rerun.result.outputs.status).toBe('succeeded');
  expect(rerun.said.log.join('\n')).toMatch(/resuming from the state attempt 1 saved \(.*\), not from resume-from \(.*downloaded\.jsonl\)/);
});
