import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { post } from '../../src/run.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingRunner } from './recording-runner.ts';

// A step's code made the plan's path a link out of the workspace, then the main step was killed: its post step, whose
// inputs are refused now, left the check run the main step opened in progress for good, a required check that blocks
// a merge saying nothing of why.

const RUN_URL = 'https://github.com/octo/app/actions/runs/77';
const HEAD = 'b'.repeat(40);

let root: string;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-post-refused-check-'));
  workspace = path.join(root, 'repo');
  await mkdir(workspace);
  await writeFile(path.join(root, 'outside.yml'), 'name: Elsewhere\ngoal: g\n');
  await symlink(path.join(root, 'outside.yml'), path.join(workspace, 'plan.yml'));
  github = await startFakeGitHub();
  const event = path.join(root, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: HEAD, repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', RUNNER_TEMP: path.join(root, 'runner') };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await github.stop();
  await rm(root, { recursive: true, force: true });
});

/** A check run the main step opened, as GitHub keeps it, and the post step of that main step, killed. */
async function killedStepsPost(check: Record<string, unknown>) {
  const left = { id: 900, name: 'Checks', head_sha: HEAD, status: 'in_progress', started_at: '2026-12-06T18:00:00Z', details_url: RUN_URL, ...check };
  github.checkRuns.push(left);
  vi.stubEnv('STATE_traceStarted', '2026-12-06T18:00:00.000Z');
  vi.stubEnv('STATE_checkRunId', '900');
  const { commands, told } = recordingRunner({ plan: 'plan.yml', state: 'off', 'check-run': 'true', 'github-token': 't' });
  await post(commands);
  return { left, told };
}

it('the post step of a killed main step whose inputs are refused now completes its check run as cancelled, saying why and what to do', async () => {
  const { left, told } = await killedStepsPost({});
  expect(left.status).toBe('completed');
  expect(left).toMatchObject({ conclusion: 'cancelled' });
  const output = (left as { output?: { title: string; summary: string } }).output!;
  expect(output.title).toContain('cancelled');
  expect(output.summary).toContain('the main step ended before its run did');
  expect(output.summary).toContain('inputs are refused now');
  expect(output.summary).toContain('Fix what the job log names and re-run the job');
  expect(output.summary).toContain(RUN_URL);
  expect(told.warnings.join('\n')).not.toContain('its check run and saved state are left as the main step left them');
  expect(github.violations).toEqual([]);
});

it('leaves a check run the main step completed before it was killed as it is', async () => {
  const { left } = await killedStepsPost({ status: 'completed', conclusion: 'success', completed_at: '2026-12-06T18:01:00Z' });
  expect(left).toMatchObject({ status: 'completed', conclusion: 'success' });
  expect(github.requests.filter((request) => request.operationId === 'checks/update')).toEqual([]);
});
