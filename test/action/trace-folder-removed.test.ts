// A step may remove the folder the trace is in (a tool that cleans the runner's temp folder or the
// checkout: `rm -rf`, `git clean -fdx`). The trace writer went on writing to a file no path named: the run
// ended with its `trace` output naming a file that was not there, no warning, and its state not saved
// ("its run never started"), so a re-run started afresh and made its side effects again.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { SAVED_STATE } from '../../src/action/saved-state.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-trace-folder-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A run whose step b removes the action's output folder (the trace's) and step c makes a side effect after it. */
async function runRemovingOutputFolder(attempt: number, store: Awaited<ReturnType<typeof memoryStateStore>>) {
  const workspace = path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  const plan = `name: Cleans up
toolsets: [math]
tools:
  clean: { description: Removes the runner's temporary files, command: [rm, "-rf", ${JSON.stringify(path.join(runnerTemp, 'plan-runner'))}] }
  post: { description: Appends to effects.txt, side_effects: true, command: [sh, "-c", "echo posted >> effects.txt"] }
  gate: { description: Passes when the file ok exists, command: [cat, ok] }
workflow_sequence:
  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: b, type: tool_call, tool: clean, args: {}, depends_on: [a] }
  - { id: c, type: tool_call, tool: post, args: {}, depends_on: [b] }
  - { id: d, type: tool_call, tool: gate, args: {}, depends_on: [c] }
`;
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: String(attempt), RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' };
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const saved = new Map<string, string>();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store, saveState: (key, value) => void saved.set(key, value) });
  await result.published;
  return { result, said, saved, workspace };
}

it('keeps the trace, and saves it as the run’s state, when a step removes the folder it is in', async () => {
  const store = await memoryStateStore();
  const first = await runRemovingOutputFolder(1, store);
  // Step d fails (no file ok): a re-run of the job is what comes next.
  expect(first.result.outputs.status).toBe('failed');
  expect(readFileSync(path.join(first.workspace, 'effects.txt'), 'utf8')).toBe('posted\n');
  // The trace the output names is there, whole: every step's end and the run's.
  expect(existsSync(first.result.outputs.trace)).toBe(true);
  const types = readFileSync(first.result.outputs.trace, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { type: string; stepKey?: string }))
    .map((event) => `${event.type}${event.stepKey ? ` ${event.stepKey}` : ''}`);
  expect(types).toEqual(expect.arrayContaining(['plan_created', 'step_completed a', 'step_completed b', 'step_completed c', 'step_failed d', 'run_finished', 'goals_checked']));
  expect(first.saved.get(SAVED_STATE)).toBeDefined();
  expect(store.saved).toHaveLength(1);

  // The re-run resumes it: the side effect of step c is not made again.
  await writeFile(path.join(first.workspace, 'ok'), 'ok');
  const rerun = await runRemovingOutputFolder(2, store);
  expect(rerun.result.outputs.status).toBe('succeeded');
  expect(readFileSync(path.join(first.workspace, 'effects.txt'), 'utf8')).toBe('posted\n');
});
