// Found by a hunt of durable runs: a main step whose upload of its state was cut after the artifact service took
// its name (the step killed mid-upload, or `FinalizeArtifact` refused, as the service sometimes does) left that
// name held for the rest of the workflow run, though no listing shows it. The post step's save of the trace was
// refused (409), taken for another job's ("Another job of this workflow run already saved a state … give each job
// its own run-key") and saved aside as a clash, and "Re-run failed jobs" refused to resume at all.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import { ArtifactNameTakenError } from '../../src/state/artifact-name-taken-error.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Release
tools:
  publish: { description: Publishes, command: [sh, -c, 'echo published >> published.log; echo published'], side_effects: true }
  gate: { description: Passes when the file ok exists, command: [cat, ok] }
workflow_sequence:
  - { id: 1, type: tool_call, tool: publish, args: {} }
  - { id: 2, type: tool_call, tool: gate, args: {}, depends_on: [1] }
`;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-cut-upload-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** The artifact service as it is: an upload not finalized holds its name, unlisted; `cut` names the uploads that fail so. */
function serviceCutting(store: RunStateStore, cut: (name: string) => boolean): RunStateStore {
  const held = new Set<string>();
  return {
    ...store,
    async save(name, file, days) {
      if (held.has(name)) throw new ArtifactNameTakenError(name);
      if (cut(name)) {
        held.add(name);
        throw new Error('Failed to FinalizeArtifact: Received non-retryable error: Failed request: (403) Forbidden');
      }
      return store.save(name, file, days);
    },
  };
}

async function job() {
  const workspace = path.join(root, 'workspace');
  const runnerTemp = path.join(root, 'runner');
  await mkdir(workspace, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const store = await memoryStateStore();
  const step = async (inputs: Record<string, string>, attempt: number, state: RunStateStore) => {
    const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
    const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', GITHUB_RUN_ID: '42', GITHUB_RUN_ATTEMPT: String(attempt), RUNNER_TEMP: runnerTemp, PATH: process.env['PATH'] ?? '' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const { io, said } = recordingIO();
    const saved = new Map<string, string>();
    const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state, saveState: (key, value) => void saved.set(key, value) });
    await result.published;
    // Its post step, given what the main step recorded.
    const post = recordingIO();
    const env = { ...read.settings.env, ...Object.fromEntries([...saved].map(([key, value]) => [`STATE_${key}`, value])) };
    await saveLeftState({ ...read.settings, env }, state, post.io);
    return { result, said, saved, post: post.said };
  };
  return { workspace, store, step };
}

it('a main step whose state upload was cut after the service took its name: its post step saves the trace as this job’s, and a re-run resumes it', async () => {
  const { workspace, store, step } = await job();
  const service = serviceCutting(store, (name) => /-attempt-1\.jsonl$/.test(name));
  const first = await step({}, 1, service);
  expect(first.result.outputs.status).toBe('failed');
  expect(first.said.warnings.join('\n')).toContain('Could not save the run');
  expect(first.saved.get(SAVED_STATE)).toBeUndefined();
  expect(first.post.warnings.join('\n')).not.toContain('Another job');
  expect(store.saved.map((artifact) => artifact.name)).toEqual([expect.stringMatching(/-attempt-1-in-place-1\.jsonl$/)]);
  expect(first.post.log.join('\n')).toContain('did not finish, and the artifact service keeps that name');

  // "Re-run failed jobs": attempt 2 resumes where the main step stopped, and publishes nothing again.
  await writeFile(path.join(workspace, 'ok'), 'ok');
  const rerun = await step({}, 2, service);
  expect(rerun.result.failure).toBeUndefined();
  expect(rerun.said.summary).toContain('1 step reused');
  expect(await readFile(path.join(workspace, 'published.log'), 'utf8')).toBe('published\n');
});

it('a cut upload of an in-place state: the post step saves the next one after it', async () => {
  const { workspace, store, step } = await job();
  const service = serviceCutting(store, (name) => name.endsWith('-in-place-1.jsonl'));
  const first = await step({}, 1, service);
  expect(first.result.outputs.status).toBe('failed');
  // A later step of the job resumes the first's trace in place; its upload (the first in-place state) is cut.
  const second = await step({ 'resume-from': first.result.outputs.trace }, 1, service);
  expect(second.said.warnings.join('\n')).toContain('Could not save the run');
  expect(second.post.warnings.join('\n')).not.toContain('Another job');
  expect(store.saved.map((artifact) => artifact.name)).toEqual([expect.stringMatching(/-attempt-1\.jsonl$/), expect.stringMatching(/-attempt-1-in-place-2\.jsonl$/)]);

  await writeFile(path.join(workspace, 'ok'), 'ok');
  const rerun = await step({}, 2, service);
  expect(rerun.result.failure).toBeUndefined();
  expect(rerun.said.summary).toContain('1 step reused');
  expect(await readFile(path.join(workspace, 'published.log'), 'utf8')).toBe('published\n');
});

// The main step's warning said "A re-run starts from the beginning" of a state its post step then saved, and the
// re-run resumed: the log contradicted itself, and a reader set `resume: never` for nothing.
it('a main step whose state could not be saved says its post step saves the trace again, and the post step does', async () => {
  const { store, step } = await job();
  let refused = false;
  const service: RunStateStore = { ...store, save: async (name, file, days) => (refused ? store.save(name, file, days) : ((refused = true), Promise.reject(new Error('connect ECONNRESET')))) };
  const first = await step({}, 1, service);
  const warning = first.said.warnings.find((text) => text.startsWith('Could not save the run'));
  expect(warning).toMatch(/ECONNRESET\. The post step saves the trace again, for a re-run to resume from\.$/);
  expect(first.post.log.join('\n')).toContain("Saved the run's state as the artifact");
  expect(store.saved).toHaveLength(1);
});
