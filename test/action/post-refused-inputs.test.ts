import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { post } from '../../src/run.ts';
import { recordingRunner } from './recording-runner.ts';

// Found by an adversarial pass: a step's code made the plan's path a link out of the workspace, then the main step
// was killed. The post step read the same inputs, refused now, and returned without a word: the comment stayed ⏳
// and nothing said why.

let root: string;
let workspace: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-post-refused-'));
  workspace = path.join(root, 'repo');
  await mkdir(workspace);
  await writeFile(path.join(root, 'outside.yml'), 'name: Elsewhere\ngoal: g\n');
  await symlink(path.join(root, 'outside.yml'), path.join(workspace, 'plan.yml'));
  for (const [name, value] of Object.entries({ GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'octo/app', RUNNER_TEMP: path.join(root, 'runner') })) vi.stubEnv(name, value);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(root, { recursive: true, force: true });
});

it('says so when the main step ran, was killed, and its inputs are refused now', async () => {
  vi.stubEnv('STATE_traceStarted', '2026-12-06T18:00:00.000Z');
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off' });
  await post(commands);
  expect(told.warnings).toEqual([
    "plan-runner (post): the main step was stopped before it finished, and its inputs are refused now (input 'plan' must name a plan file inside the repository; plan.yml is a link to a file outside it): its saved state is left as the main step left it.",
  ]);
});

it('says nothing when the main step refused the same inputs and ran nothing', async () => {
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off' });
  await post(commands);
  expect(told.warnings).toEqual([]);
});

it('says nothing when the main step ended as it should', async () => {
  vi.stubEnv('STATE_traceStarted', '2026-12-06T18:00:00.000Z');
  vi.stubEnv('STATE_ended', 'true');
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off' });
  await post(commands);
  expect(told.warnings).toEqual([]);
});
