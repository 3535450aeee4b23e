import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { checkRunName } from '../../src/action/check-run-name.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

// Two steps of one job run the same plan; the first is killed before its run's first event (its MCP servers
// starting, the model writing the plan), so it saved no `traceStarted`, and the second step's run passes. The
// first step's post step, last of all, finds the second step's trace at the path.

const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } };
const PLAN = 'name: Gate\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\ngoals:\n  - { name: the product, contains: "42" }\n';

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-killed-first-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function settings() {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = path.join(workspace, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off', 'check-run': 'true' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

it('a step killed before its run’s first event leaves the PR comment and report file of a later step’s run of the plan as they are', async () => {
  const given = await settings();
  // The first step's check run, left in progress when it was killed.
  github.checkRuns.push({ id: 801, name: await checkRunName(given), head_sha: PULL.head.sha, status: 'in_progress', details_url: given.github.runUrl });
  const second = await runAction(given, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit(), admission: { permissionOf: async () => ({ permission: 'write' }) }, saveState: () => {} });
  await second.published;
  expect(second.failure).toBeUndefined();
  const comments = github.commentsOn('octo', 'app', 5).map((comment) => comment.body);
  expect(comments).toEqual([expect.stringContaining('Finished: succeeded')]);
  const report = await readFile(second.outputs.report, 'utf8');

  const { io, said } = recordingIO();
  await finishKilledRun(given, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit(), checkRunId: 801, traceOpened: false });
  expect(github.checkRuns[0]).toMatchObject({ id: 801, status: 'completed', conclusion: 'cancelled' });
  expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual(comments);
  expect(await readFile(second.outputs.report, 'utf8')).toBe(report);
  expect(said.summary).toContain('a later step of this job ran the same plan');
});
