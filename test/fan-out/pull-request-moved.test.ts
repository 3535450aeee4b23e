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

// A push while a shard job read the pull request stopped that shard (the read is of the run's commit only), and the
// merge filled in its items as failed: under on_item_failure: continue it ran on, passed a goal that did not read them,
// and completed the check run on the old commit as success, never saying the pull request had moved.

const PLAN = `name: Checks
toolsets: [github]
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[1,2]'"], input: { type: object } }
  echo: { description: Echo, command: ["sh", "-c", "cat"], input: { type: object } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: get_pull_request, for_each: "\${steps.list.result}", fan_out: true, on_item_failure: continue, args: {} }
  - { id: after, type: tool_call, tool: echo, args: { n: 0 }, depends_on: [check] }
goals:
  - { name: listed, of: list, contains: "2" }
`;

const OLD = 'b'.repeat(40);
const NEW = 'c'.repeat(40);

let workspace: string;
let github: FakeGitHub;
let state: RunStateStore;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-fan-out-moved-'));
  github = await startFakeGitHub();
  state = await memoryStateStore();
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  github.pulls.set(5, { data: { number: 5, title: 'T', body: '', state: 'open', user: { login: 'octocat' }, labels: [], head: { sha: OLD, ref: 'f' }, base: { ref: 'main' } }, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** Moves the pull request's head on to `sha` (a push). */
const push = (sha: string): void => {
  const pull = github.pulls.get(5)!;
  github.pulls.set(5, { ...pull, data: { ...pull.data, head: { sha, ref: 'f' } } });
};

/** One job of the fanned-out run on pull request 5 (workflow run 77), its event for commit `sha`. */
async function job(inputs: Record<string, string>, sha = OLD) {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha, repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  // The merge job opens the check run; the prepare and shard jobs, which check no goal, refuse check-run.
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...(inputs.mode === 'merge' && { 'check-run': 'true' }), ...inputs };
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

it('a shard stopped because the pull request moved fails the merge, saying so, never passing the old commit’s check', async () => {
  const prepare = await job({ mode: 'prepare', shards: '2' });
  const prepared = prepare.result.outputs.prepared!;
  const two = await job({ mode: 'shard', shard: '2', prepared });
  expect(two.result.outputs.status).toBe('succeeded');
  push(NEW);
  const one = await job({ mode: 'shard', shard: '1', prepared });
  expect(one.result.outputs.status).toBe('failed');
  const merge = await job({ mode: 'merge', prepared });
  expect(merge.result.outputs.status).toBe('failed');
  expect(merge.result.failure).toContain(`moved on to commit ${NEW}`);
  const check = github.checkRuns.at(-1)!;
  expect(check['conclusion']).toBe('failure');
  expect(JSON.stringify(check['output'])).toContain(`moved on to commit ${NEW}`);
  expect(merge.said.summary).toContain(`**Status:** failed: shard 1: get_pull_request: pull request \\#5 of octo/app moved on to commit ${NEW}`);
  // Nothing after the fan-out ran on the old commit's reads.
  expect(merge.said.summary).toMatch(/^⏭️ \*\*after\. echo\*\* — shard 1: /mu);
  // The comment is left to the run for the newer commit (the merge job sees the head moved), never shown passing.
  expect(comment()).not.toMatch(/^### ✅/mu);
  expect(github.violations).toEqual([]);
});

it('a merge job reading the pull request after a push fails saying so, though every shard read the run’s commit', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('{ id: after, type: tool_call, tool: echo, args: { n: 0 }, depends_on: [check] }', '{ id: after, type: tool_call, tool: get_pull_request, args: {}, depends_on: [check] }'));
  const prepare = await job({ mode: 'prepare', shards: '2' });
  const prepared = prepare.result.outputs.prepared!;
  for (const shard of ['1', '2']) expect((await job({ mode: 'shard', shard, prepared })).result.outputs.status).toBe('succeeded');
  push(NEW);
  const merge = await job({ mode: 'merge', prepared });
  expect(merge.result.outputs.status).toBe('failed');
  expect(merge.result.failure).toContain(`moved on to commit ${NEW}`);
  expect(github.checkRuns.at(-1)).toMatchObject({ head_sha: OLD, conclusion: 'failure' });
});
