// Found by an adversarial pass: a step that resumes in place the trace an earlier step of the same job wrote
// (`resume-from: ${{ steps.first.outputs.trace }}`, which the README supports) saved its state under the name
// the earlier step's state already had. saveRunState took that for another job's ("Another job of this
// workflow run already saved a state … give each job its own run-key"), saved it aside as a clash, and a
// "Re-run failed jobs" of the job then refused to resume at all.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { saveLeftState } from '../../src/action/save-left-state.ts';
import { SAVED_STATE } from '../../src/action/saved-state.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Gate
toolsets: [math]
tools:
  gate: { description: Passes when the file ok exists, command: [cat, ok] }
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 2, b: 3 } }
  - { id: 2, type: tool_call, tool: gate, args: {}, depends_on: [1] }
`;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-resume-in-place-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/**
 * One job's workspace and artifact store; `step` runs one step of the action in it (attempt `attempt`,
 * against `state`), recording what the main step saved for its post step.
 */
async function job() {
  const workspace = path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const store = await memoryStateStore();
  const step = async (inputs: Record<string, string>, attempt = 1, state: RunStateStore = store) => {
    const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: String(attempt), RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const saved = new Map<string, string>();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state, saveState: (key, value) => void saved.set(key, value) });
    await result.published;
    return { result, said, saved, settings: read.settings };
  };
  return { workspace, store, step };
}

it('a step that resumes an earlier step’s trace in place saves its state as that job’s, and a re-run resumes it', async () => {
  const { workspace, step } = await job();
  // Attempt 1: the first step fails (continue-on-error), the second resumes its trace in place and fails again.
  const first = await step({}, 1);
  expect(first.result.outputs.status).toBe('failed');
  const second = await step({ 'resume-from': first.result.outputs.trace }, 1);
  expect(second.result.outputs.status).toBe('failed');
  expect(second.said.warnings.join('\n')).not.toContain('Another job');
  expect(second.said.log.join('\n')).toMatch(/Saved the run's state as the artifact plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1-in-place-1\.jsonl .* after plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1\.jsonl, the state of the run this step resumed in place/);
  // A third step that resumes the second's trace in place saves the next.
  const third = await step({ 'resume-from': second.result.outputs.trace }, 1);
  expect(third.said.log.join('\n')).toContain('-attempt-1-in-place-2.jsonl');
  // "Re-run failed jobs": attempt 2 resumes where the job stopped.
  await writeFile(path.join(workspace, 'ok'), 'ok');
  const rerun = await step({}, 2);
  expect(rerun.result.failure).toBeUndefined();
  expect(rerun.said.summary).toContain('1 step reused');
});

it('a step that resumes in place, whose state name another job took, still saves aside and says so', async () => {
  const { store, step } = await job();
  // The first step saves nothing; another job (a matrix leg without a run-key) takes the name.
  const first = await step({ state: 'off' });
  const other = path.join(root, 'other.jsonl');
  await writeFile(other, '{"type":"plan_created"}\n');
  const { stateArtifactName } = await import('../../src/state/state-artifact-name.ts');
  await store.save(stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), other, 1);
  const second = await step({ 'resume-from': first.result.outputs.trace });
  expect(second.said.warnings.join('\n')).toMatch(/Another job of this workflow run, or an earlier step of this job that ran the plan too, already saved a state as plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1\.jsonl: this run's state is saved as .*-attempt-1-clash-/);
});

// The post step saves the trace a main step left unsaved (killed, or its upload failed). For a step that
// resumed in place it took the name of the earlier step's state for another job's: saved aside as a clash,
// with the matrix warning, and "Re-run failed jobs" refused to resume.
it('the post step saves the next in-place state for a step that resumed in place and saved nothing, and a re-run resumes it', async () => {
  const { workspace, store, step } = await job();
  // The upload of the second step's state fails (the service did not answer): its post step saves it.
  const failing: RunStateStore = { ...store, save: async () => { throw new Error('connect ECONNRESET'); } };
  const first = await step({}, 1);
  const second = await step({ 'resume-from': first.result.outputs.trace }, 1, failing);
  expect(second.said.warnings.join('\n')).toContain('Could not save the run');
  expect(second.saved.get(SAVED_STATE)).toBeUndefined();
  // Its post step, with what its main step recorded.
  const env = { ...second.settings.env, ...Object.fromEntries([...second.saved].map(([key, value]) => [`STATE_${key}`, value])) };
  const post = recordingIO();
  await saveLeftState({ ...second.settings, env }, store, post.io);
  expect(post.said.warnings.join('\n')).not.toContain('Another job');
  expect(store.saved.at(-1)?.name).toMatch(/-attempt-1-in-place-1\.jsonl$/);
  // "Re-run failed jobs": attempt 2 resumes where the second step stopped.
  await writeFile(path.join(workspace, 'ok'), 'ok');
  const rerun = await step({}, 2);
  expect(rerun.result.failure).toBeUndefined();
  expect(rerun.said.summary).toContain('1 step reused');
});
