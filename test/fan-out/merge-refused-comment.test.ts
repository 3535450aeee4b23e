import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from '../action/recording-io.ts';
import { memoryStateStore } from './memory-state-store.ts';

// A fanned-out run's merge job refused (here: its prepared input names no state of this run) left the comment the
// prepare and shard jobs share at ⏳ for good, a step shown running: only the merge job writes the run's end.

const PLAN = `name: Checks
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[1,2]'"], input: { type: object } }
  check: { description: Check one item, command: ["sh", "-c", "cat"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, args: { n: "\${item}" } }
  - { id: after, type: tool_call, tool: check, args: { n: 0 }, depends_on: [check] }
`;

let workspace: string;
let github: FakeGitHub;
let state: RunStateStore;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-merge-refused-'));
  github = await startFakeGitHub();
  state = await memoryStateStore();
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  github.pulls.set(5, { data: { number: 5, head: { sha: 'b'.repeat(40) } }, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** One job of the fanned-out run on pull request 5 (workflow run 77): its result and log. */
async function job(inputs: Record<string, string>, runId = '77') {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: runId, PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    redact: createRedactor(),
    clock: systemClock,
    commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    state,
    admission: { permissionOf: async () => ({ permission: 'write' }) },
  });
  await result.published;
  return { result, said };
}

const comment = (): string => github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';

it('a refused merge job ends the shared comment the other jobs left at ⏳: ❌, what ran ⏹️, and what to do', async () => {
  const prepare = await job({ mode: 'prepare', shards: '2' });
  await job({ mode: 'shard', shard: '1', prepared: prepare.result.outputs.prepared! });
  expect(comment()).toMatch(/^### ⏳ plan-runner: Checks/mu);
  expect(comment()).toMatch(/^- ⏳ check\./mu);
  const merge = await job({ mode: 'merge', prepared: '999999' });
  expect(merge.result.failure).toContain('plan-runner refused to run');
  const body = comment();
  expect(body).not.toContain('⏳');
  expect(body).toMatch(/^### ❌ plan-runner: Checks/mu);
  expect(body).toMatch(/^- ✅ list\./mu);
  expect(body).toMatch(/^- ⏹️ check\./mu);
  expect(body).toMatch(/^- ⬜ after\./mu);
  expect(body).toContain('**Stopped:** the merge job was refused');
  expect(github.commentsOn('octo', 'app', 5)).toHaveLength(1);
});

it('a refused merge job of another workflow run leaves the comment as it is', async () => {
  const prepare = await job({ mode: 'prepare', shards: '2' });
  await job({ mode: 'shard', shard: '1', prepared: prepare.result.outputs.prepared! });
  const before = comment();
  await job({ mode: 'merge', prepared: '999999' }, '78');
  expect(comment()).toBe(before);
});
