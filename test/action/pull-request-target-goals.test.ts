import { mkdtemp, rm, writeFile } from 'node:fs/promises';
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
import { recordingIO } from './recording-io.ts';

const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const REPOSITORY = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: HEAD, repo: { full_name: 'octo/app' } }, base: { sha: BASE, repo: { full_name: 'octo/app' } } };

const PLAN = `name: Gate
tools:
  read_code: { description: The code under review, command: [sh, -c, "cat code.txt"] }
workflow_sequence:
  - { id: read, type: tool_call, tool: read_code, args: {} }
goals:
  - { name: the code is good, command: [sh, -c, "grep -q good code.txt"] }
  - { name: the code read is good, of: read, equals: good }
`;

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-prt-goals-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

// Found by an adversarial pass: on pull_request_target the job must work on the base branch's checkout (admission
// refuses any other), while the check run goes on the pull request's head. `npm test` as a goal tested the base
// branch's code and put success on a pull request commit whose own code was never run: the gate opened by mistake.
it('a pull_request_target run checks no goal on its base checkout for the pull request’s commit', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  // The base branch's code, where both goals would pass.
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '70', GITHUB_SHA: BASE, PATH: process.env['PATH'] ?? '' };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', comment: 'never', state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    redact: createRedactor(),
    clock: systemClock,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ kind: 'commit', sha: BASE, changed: [] }) },
  });
  await result.published;
  expect(result.outputs['goals-met']).toBe('false');
  expect(result.failure).toBeDefined();
  const row = (name: string) => said.summary.split('\n').find((line) => line.startsWith('|') && line.includes(name)) ?? '';
  expect(row('the code is good')).toContain(`not checked: on pull_request_target this job's checkout is the base branch's commit ${BASE}, not the pull request's commit ${HEAD}`);
  expect(row('the code read is good')).toContain('not checked: step read ran in this job with a tool that reads its checkout');
  const check = github.checkRuns.filter((run) => run['head_sha'] === HEAD).at(-1)!;
  expect(check['conclusion']).toBe('failure');
});
