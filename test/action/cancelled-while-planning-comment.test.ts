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
import { hang, startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } };

let workspace: string;
let github: FakeGitHub;
let server: ChatServer;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-cancel-planning-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await server?.close();
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

// Found by an adversarial pass: a run cancelled while the model wrote its plan titled the PR comment
// "plan-runner: plan" (the record had no plan, so no name) while the summary named the plan.
it('a run cancelled while the model writes its plan names the plan in the comment, as the summary does', async () => {
  const controller = new AbortController();
  server = await startChatServer(() => {
    setImmediate(() => controller.abort(new Error('SIGTERM')));
    return hang();
  });
  await writeFile(path.join(workspace, 'plan.yml'), 'name: Written\ngoal: Compute 3 times 4\nmodel: { name: gpt-4.1-mini }\ntoolsets: [math]\n');
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = path.join(workspace, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off', 'base-url': server.baseURL, 'api-key': 'sk-test-key' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit, signal: controller.signal, admission: { permissionOf: async () => ({ permission: 'write' }) } });
  await result.published;
  expect(result.outputs.status).toBe('cancelled');
  expect(said.summary).toContain('plan-runner: Written');
  const bodies = github.requests.filter((request) => /^(POST|PATCH)$/.test(request.method)).map((request) => (request.body as { body?: string }).body ?? '');
  const last = bodies.at(-1)!;
  expect(last).toContain('plan-runner: Written');
  expect(last).toContain('cancelled while the model was writing the plan; no step ran');
  expect(last).not.toMatch(/^#+ .*plan-runner: plan\b/m);
});
