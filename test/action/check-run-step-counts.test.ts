// The check run of a run that went on past a failed step (`on_failure: continue`, every dependent taking it as
// optional) said "succeeded" and "the run itself decided", with no word of the failure that the log, the comment and
// the job summary count as `1/2 complete, 1 failed` (found by an adversarial hunt).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Deploy
toolsets: [math]
workflow_sequence:
  - { id: deploy, type: tool_call, tool: divide, args: { a: 1, b: 0 }, depends_on: [], on_failure: continue, description: Deploy to production }
  - { id: report, type: tool_call, tool: add, args: { a: 1, b: 1 }, depends_on: [{ step: deploy, optional: true }] }
`;

const PR = 7;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-check-run-counts-'));
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

it('a run that went on past a failed step says so in its check run, with the counts every view heads its checklist with', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const eventPath = path.join(workspace, 'event.json');
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(PR)));
  const runnerTemp = path.join(workspace, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', state: 'off' };
  const env = {
    GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp,
  };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, github: octokit, commentIntervalMs: 0 });
  await result.published;
  // The run succeeded: the plan said the failure may be gone on past. The check run says that, and what failed.
  expect(result.outputs.status).toBe('succeeded');
  expect(said.summary).toContain('1/2 complete, 1 failed');
  const check = github.checkRuns.at(-1)!;
  expect(check).toMatchObject({ conclusion: 'success' });
  const output = check['output'] as { summary: string };
  expect(output.summary).toMatch(/^\*\*Steps:\*\* 1\/2 complete, 1 failed$/m);
});
