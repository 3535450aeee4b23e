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
// `.git/config`) as the run's state, a workflow artifact anyone who can read the repository downloads. A hard link,
// another name of the same file, passed the symbolic-link check, and was uploaded all the same (found by an adversarial hunt).
it.each([
  ['a symbolic link', symlink, 'is a symbolic link'],
  ['a hard link', link, 'has another name (a hard link)'],
] as const)('saves no state through %s put at the trace’s path', async (_kind, makeLink, warned) => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: p\nworkflow_sequence: []\n');
  const read = await readActionSettings((name) => (name === 'plan' ? 'plan.yml' : ''), { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_RUN_ATTEMPT: '1', RUNNER_TEMP: workspace });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const secret = path.join(workspace, 'git-config');
  await writeFile(secret, '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX3NlY3JldA==\n');
  const trace = jobReportPaths(read.settings).trace;
  await mkdir(path.dirname(trace), { recursive: true });
  await makeLink(secret, trace);
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
  expect(said.warnings.join('\n')).toContain(warned);
});
