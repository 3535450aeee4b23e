import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { earlierAttemptState, saveRunState } from '../../src/action/saved-state.ts';
import { MAX_TRACE_BYTES } from '../../src/core/read-input-file.ts';
import { readResumeTrace } from '../../src/run/read-resume-trace.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-state-size-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

describe('the size of a saved state a run reads', () => {
  it('refuses an earlier attempt\'s state larger than a trace may be, before downloading it', async () => {
    await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
    const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '2' });
    if (!read.ok) throw new Error(read.problems.join('\n'));
    const huge: StateArtifact = { id: 1, name: stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), size: MAX_TRACE_BYTES + 1 };
    const downloads: StateArtifact[] = [];
    const store: RunStateStore = {
      save: () => Promise.reject(new Error('not here')),
      list: () => Promise.resolve([huge]),
      download: (artifact) => {
        downloads.push(artifact);
        return Promise.reject(new Error('a download of an oversized state'));
      },
    };
    const result = await earlierAttemptState(read.settings, store, recordingIO().io);
    expect(downloads).toEqual([]);
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining('more than the 256 MiB plan-runner reads back (a run whose steps return very large results') });
    // Found by an adversarial pass: it said "more than any run's trace holds", and 150 for_each items of 1 MB write 300 MB.
    expect(result).not.toMatchObject({ problem: expect.stringContaining("any run's trace") });
  });

  it('refuses a trace file larger than that (its size is read first)', async () => {
    const file = path.join(workspace, 'big.jsonl');
    await writeFile(file, '');
    await truncate(file, MAX_TRACE_BYTES + 1);
    expect(await readResumeTrace(file)).toMatchObject({ ok: false, problem: expect.stringContaining('larger than 256 MiB') });
  });
});

// A run cancelled while its MCP servers started (or killed then, or refused as a plan) saved its trace with no
// plan_created, and a re-run with resume: auto was refused: "has no plan_created event … the run never
// started", every time, until resume: never (found by a review).
it('starts a re-run from the beginning when the earlier attempt saved a run that never started', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '2', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const unstarted: StateArtifact = { id: 1, name: stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), size: 24 };
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([unstarted]),
    download: async () => {
      const file = path.join(workspace, 'left.jsonl');
      await writeFile(file, '{"type":"run_cancelled"}\n');
      return file;
    },
  };
  const { io, said } = recordingIO();
  expect(await earlierAttemptState(read.settings, store, io)).toEqual({ ok: true });
  expect(said.log).toContain(`Attempt 2: the state attempt 1 saved (${unstarted.name}) holds no started run; looking at the attempts before it.`);
  expect(said.log).toContain('Attempt 2: no earlier attempt saved a state for plan.yml in which its run started; the plan runs from the start.');
});

// Found by an adversarial pass: attempt 2 was refused before its run started (an MCP server that failed to
// start once) and saved an empty state; attempt 3 took it as the newest, started afresh, and repeated the
// deploy attempt 1 had made.
it('resumes from the newest attempt whose run started, past later ones that never started', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '4', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const state = (attempt: number, size: number): StateArtifact => ({ id: attempt, name: stateArtifactName({ planPath: 'plan.yml', attempt }), size });
  const texts = new Map([[1, '{"type":"plan_created"}\n'], [3, '{"type":"run_cancelled"}\n']]);
  const downloaded: number[] = [];
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([state(1, 24), state(2, 0), state(3, 25)]),
    download: async (artifact) => {
      downloaded.push(artifact.id);
      const file = path.join(workspace, `attempt-${artifact.id}.jsonl`);
      await writeFile(file, texts.get(artifact.id) ?? '');
      return file;
    },
  };
  const { io, said } = recordingIO();
  expect(await earlierAttemptState(read.settings, store, io)).toMatchObject({ ok: true, earlier: { attempt: 1 } });
  // The empty state of attempt 2 is not even downloaded.
  expect(downloaded).toEqual([3, 1]);
  expect(said.log).toContain(`Attempt 4: resuming from the state attempt 1 saved (${state(1, 24).name}, 24 bytes).`);
});

it('saves no state for a run that never started', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '2', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const saved: string[] = [];
  const store: RunStateStore = {
    save: (name) => {
      saved.push(name);
      return Promise.resolve({ id: 9, name, size: 1 });
    },
    list: () => Promise.resolve([]),
    download: () => Promise.reject(new Error('not here')),
  };
  for (const text of ['', '{"type":"run_cancelled"}\n']) {
    const file = path.join(workspace, 'trace.jsonl');
    await writeFile(file, text);
    expect(await saveRunState(read.settings, store, file, recordingIO().io)).toBeUndefined();
  }
  expect(saved).toEqual([]);
  await writeFile(path.join(workspace, 'trace.jsonl'), '{"type":"plan_created"}\n');
  expect(await saveRunState(read.settings, store, path.join(workspace, 'trace.jsonl'), recordingIO().io)).toMatchObject({ id: 9 });
  expect(saved).toHaveLength(1);
});

// The first version read a damaged trace as one that never started, and started afresh: a step with side
// effects the damaged trace recorded would run again (found by a re-read). It is handed on, and the resume
// refuses it, saying what is wrong.
it('hands on a damaged state, which may hold a started run, rather than starting afresh', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '2', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const damaged: StateArtifact = { id: 1, name: stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), size: 40 };
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([damaged]),
    download: async () => {
      const file = path.join(workspace, 'left.jsonl');
      await writeFile(file, 'not json\n{"type":"step_completed","at":1}\n');
      return file;
    },
  };
  const result = await earlierAttemptState(read.settings, store, recordingIO().io);
  expect(result).toMatchObject({ ok: true, earlier: { attempt: 1 } });
});

// With no artifact service (GitHub Enterprise Server's the client refuses), attempt 2 started afresh without a word and
// repeated attempt 1's side effects; a listing that failed had refused it. Refused alike, saying what to do.
it('refuses to resume a re-run whose earlier attempt’s state cannot be read, on GitHub Enterprise Server too', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', ACTIONS_RUNTIME_TOKEN: 't', ACTIONS_RESULTS_URL: 'https://results.ghes.example.test/', GITHUB_SERVER_URL: 'https://ghes.example.test' };
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { ...env, GITHUB_RUN_ATTEMPT: '2' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  expect(await earlierAttemptState(read.settings, undefined, recordingIO().io)).toEqual({
    ok: false,
    problem:
      "cannot read the state an earlier attempt saved to resume attempt 2 (GitHub Enterprise Server (https://ghes.example.test) has no Actions artifact service plan-runner's client can use; set state: off, and resume a re-run with resume-from: a trace you kept): set `resume: never` to start from the beginning (steps with side effects would run again), or `resume-from:` a trace an earlier attempt kept",
  });
  // A first attempt has nothing to resume; `resume: never` asks for the start.
  const first = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { ...env, GITHUB_RUN_ATTEMPT: '1' });
  const never = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : name === 'resume' ? 'never' : ''), { ...env, GITHUB_RUN_ATTEMPT: '2' });
  if (!first.ok || !never.ok) throw new Error('settings');
  expect(await earlierAttemptState(first.settings, undefined, recordingIO().io)).toEqual({ ok: true });
  expect(await earlierAttemptState(never.settings, undefined, recordingIO().io)).toEqual({ ok: true });
});

