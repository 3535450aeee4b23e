import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { earlierAttemptState, saveRunState } from '../../src/action/saved-state.ts';
import { stateArtifactName } from '../../src/state/state-artifact-name.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { recordingIO } from './recording-io.ts';

// Found by an adversarial pass: a repository that keeps artifacts 3 days had a state asked to be kept 90 (or the
// default 7) kept 3 by the service, while the log said "kept 90 days", and a comment on the pull request judged a
// paused run's state, expired since, as still holding the comment until the 90 days had passed.
let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-retention-'));
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  await writeFile(path.join(workspace, 'trace.jsonl'), `${JSON.stringify({ type: 'plan_created' })}\n`);
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

async function saved(retention: string, env: Record<string, string>) {
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : name === 'state-retention-days' ? retention : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', RUNNER_TEMP: workspace, ...env });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const kept: number[] = [];
  const store: RunStateStore = {
    save: (name, _file, days) => {
      kept.push(days);
      return Promise.resolve<StateArtifact>({ id: 1, name, size: 24 });
    },
    list: () => Promise.resolve([]),
    download: () => Promise.reject(new Error('not here')),
  };
  const { io, said } = recordingIO();
  await saveRunState(read.settings, store, path.join(workspace, 'trace.jsonl'), io);
  return { kept, log: said.log.join('\n'), days: read.settings.stateRetentionDays };
}

describe('how long a saved state is kept', () => {
  it('is at most what the repository keeps artifacts, and the log says so', async () => {
    const { kept, log, days } = await saved('90', { GITHUB_RETENTION_DAYS: '3' });
    expect(kept).toEqual([3]);
    expect(days).toBe(3);
    expect(log).toContain('kept 3 days, the longest this repository keeps artifacts (state-retention-days asks 90)');
  });

  it('is what state-retention-days asks within the repository’s retention, or without one known', async () => {
    expect(await saved('5', { GITHUB_RETENTION_DAYS: '30' })).toMatchObject({ kept: [5], log: expect.stringContaining('kept 5 days):') });
    expect(await saved('90', {})).toMatchObject({ kept: [90], days: 90 });
    expect(await saved('90', { GITHUB_RETENTION_DAYS: 'soon' })).toMatchObject({ kept: [90] });
    expect(await saved('1', {})).toMatchObject({ kept: [1], log: expect.stringContaining('kept 1 day):') });
  });
});

// Found by an adversarial pass: a re-run after the state expired was told "cannot download … run the job again", which failed the same way every time.
it('says a re-run’s state has expired, and not to run the job again, when it is past its retention', async () => {
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '2', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const old: StateArtifact = { id: 1, name: stateArtifactName({ planPath: 'plan.yml', attempt: 1 }), size: 24, createdAt: new Date(Date.now() - 8 * 86_400_000) };
  const store: RunStateStore = {
    save: () => Promise.reject(new Error('not here')),
    list: () => Promise.resolve([old]),
    download: () => Promise.reject(new Error('Unexpected HTTP response from blob storage: 404 The specified blob does not exist.')),
  };
  const result = await earlierAttemptState(read.settings, store, recordingIO().io);
  expect(result).toMatchObject({ ok: false, problem: expect.stringContaining(`the saved state of attempt 1 (${old.name}, saved ${old.createdAt!.toISOString()}) has expired: it was kept 7 days (state-retention-days)`) });
  expect(result).not.toMatchObject({ problem: expect.stringContaining('run the job again') });
});
