import { link, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { jobReportPaths } from '../../src/action/report-paths.ts';
import { saveRunState } from '../../src/action/saved-state.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { recordingIO } from './recording-io.ts';

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-linked-state-'));
});
afterEach(() => rm(workspace, { recursive: true, force: true }));

// Found by an adversarial pass: a step's code that put a link at the trace's path (`ln -sf ../.git/config
// <trace>`) and killed the main step had the post step upload what the link led to (the checkout's token in
// `.git/config`) as the run's state, a workflow artifact anyone who can read the repository downloads.
it('saves no state through a symbolic link put at the trace’s path', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '1', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const secret = path.join(workspace, 'git-config');
  await writeFile(secret, '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==\n');
  const trace = jobReportPaths(read.settings).trace;
  await mkdir(path.dirname(trace), { recursive: true });
  await symlink(secret, trace);
  const uploaded: string[] = [];
  const store: RunStateStore = {
    save: (name) => {
      uploaded.push(name);
      return Promise.resolve({ id: 1, name, size: 1 });
    },
    list: () => Promise.resolve([]),
    download: () => Promise.reject(new Error('not here')),
  };
  const { io, said } = recordingIO();
  expect(await saveRunState(read.settings, store, trace, io)).toBeUndefined();
  expect(uploaded).toEqual([]);
  expect(said.warnings.join('\n')).toContain('is a symbolic link');
});

// Found by an adversarial hunt: a hard link is another name of the same file, which the symbolic-link check did not see,
// and `ln .git/config <trace>` had the checkout's token uploaded as the run's state all the same.
it('saves no state through a hard link put at the trace’s path', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '1', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const secret = path.join(workspace, 'git-config');
  await writeFile(secret, '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==\n');
  const trace = jobReportPaths(read.settings).trace;
  await mkdir(path.dirname(trace), { recursive: true });
  await link(secret, trace);
  const uploaded: string[] = [];
  const store: RunStateStore = {
    save: (name) => {
      uploaded.push(name);
      return Promise.resolve({ id: 1, name, size: 1 });
    },
    list: () => Promise.resolve([]),
    download: () => Promise.reject(new Error('not here')),
  };
  const { io, said } = recordingIO();
  expect(await saveRunState(read.settings, store, trace, io)).toBeUndefined();
  expect(uploaded).toEqual([]);
  expect(said.warnings.join('\n')).toContain('has another name (a hard link)');
});
