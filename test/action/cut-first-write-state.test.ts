// A main step killed while its run made its first write (the plan_created line, and for a resumed run the
// lines it carries, in one write) left a trace of a cut line. The post step saved it as a started run, and
// every re-run after was refused ("no plan_created event", "was cut while its run wrote what it carried"),
// though that run had done nothing and the attempt before it held what was done (found by an adversarial pass).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { earlierAttemptState, saveRunState } from '../../src/action/saved-state.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-cut-write-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

const created = '{"ts":"2026-12-06T15:42:47.479Z","type":"plan_created","plan":{"name":"p","steps":[]}}\n';
const cutCreated = created.slice(0, 60);
const resumed = '{"ts":"2026-12-06T15:50:00.000Z","type":"plan_created","carries":2,"plan":{"name":"p","steps":[]}}\n';
const carried = '{"type":"result_carried","stepKey":"a","reuseKey":"k","result":"ok","usage":{}}\n';

async function settings(attempt: number) {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: String(attempt), RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

it.each([
  ['its plan_created line cut', cutCreated],
  ['the lines it carries cut', `${resumed}${carried}${carried.slice(0, 30)}`],
  ['the lines it carries cut at a line’s end', `${resumed}${carried}`],
])('resumes the attempt before one whose first write was cut: %s', async (_, text) => {
  const texts = new Map([[1, created], [2, text]]);
  const state = (attempt: number): StateArtifact => ({ id: attempt, name: stateArtifactName({ planPath: 'plan.yml', attempt }), size: texts.get(attempt)!.length });
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([state(1), state(2)]),
    download: async (artifact) => {
      const file = path.join(workspace, `attempt-${artifact.id}.jsonl`);
      await writeFile(file, texts.get(artifact.id)!);
      return file;
    },
  };
  const { io, said } = recordingIO();
  expect(await earlierAttemptState(await settings(3), store, io)).toMatchObject({ ok: true, earlier: { attempt: 1 } });
  expect(said.log).toContain(`Attempt 3: the state attempt 2 saved (${state(2).name}) holds no started run; looking at the attempts before it.`);
});

it('saves no state for a trace whose first write was cut, and saves one whose write ended', async () => {
  const saved: string[] = [];
  const store: RunStateStore = {
    save: (name) => {
      saved.push(name);
      return Promise.resolve({ id: 9, name, size: 1 });
    },
    list: () => Promise.resolve([]),
    download: () => Promise.reject(new Error('not here')),
  };
  const file = path.join(workspace, 'trace.jsonl');
  await writeFile(file, cutCreated);
  expect(await saveRunState(await settings(2), store, file, recordingIO().io)).toBeUndefined();
  expect(saved).toEqual([]);
  await writeFile(file, `${resumed}${carried}${carried}{"type":"step_started","stepKey":"b"`);
  expect(await saveRunState(await settings(2), store, file, recordingIO().io)).toMatchObject({ id: 9 });
  expect(saved).toHaveLength(1);
});
