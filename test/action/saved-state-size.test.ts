import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { earlierAttemptState } from '../../src/action/saved-state.ts';
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
  const empty: StateArtifact = { id: 1, name: stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), size: 0 };
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([empty]),
    download: async () => {
      const file = path.join(workspace, 'left.jsonl');
      await writeFile(file, '');
      return file;
    },
  };
  const { io, said } = recordingIO();
  expect(await earlierAttemptState(read.settings, store, io)).toEqual({ ok: true });
  expect(said.log).toContain(`Attempt 2: the state attempt 1 saved (${empty.name}) holds no started run; the plan runs from the start.`);
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

