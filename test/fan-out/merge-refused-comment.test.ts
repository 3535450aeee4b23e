import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { run } from '../../src/run.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from '../action/recording-io.ts';
import { recordingRunner } from '../action/recording-runner.ts';
import { memoryStateStore } from './memory-state-store.ts';

// A fanned-out run's merge job refused left the comment the prepare and shard jobs share at ⏳ for good, a step shown
// running: only the merge job writes the run's end. Refused after its inputs were read (its prepared input names no
// state of this run), or before (its `prepared` empty or malformed: the prepare job did not pass its output on).
// And a cancelled workflow run: its merge job (`if: !cancelled()`) never starts, so the cancelled shard ends the comment.

const PLAN = `name: Checks
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[1,2]'"], input: { type: object } }
  check: { description: Check one item, command: ["sh", "-c", "if grep -q 2; then sleep 20; fi; echo ok"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
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
  vi.unstubAllEnvs();
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** The runner's environment of a job of the fanned-out run on pull request 5 in workflow run `runId`. */
async function jobEnv(runId: string): Promise<Record<string, string>> {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  return { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: runId, PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
}

/** One job of the fanned-out run on pull request 5 (workflow run 77): its result and log. */
async function job(inputs: Record<string, string>, runId = '77', signal?: AbortSignal) {
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', await jobEnv(runId));
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
    ...(signal && { signal }),
  });
  await result.published;
  return { result, said };
}

/** The merge job as the runner starts it, its inputs `inputs` (refused before they are read), in workflow run `runId`. */
async function refusedMerge(inputs: Record<string, string>, runId = '77') {
  for (const [name, value] of Object.entries(await jobEnv(runId))) vi.stubEnv(name, value);
  const { commands, told } = recordingRunner({ plan: 'plan.yml', 'github-token': 't', mode: 'merge', ...inputs });
  await run(commands);
  return told;
}

const comment = (): string => github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '';

async function preparedAndShard(): Promise<void> {
  const prepare = await job({ mode: 'prepare', shards: '2' });
  await job({ mode: 'shard', shard: '1', prepared: prepare.result.outputs.prepared! });
  expect(comment()).toMatch(/^### ⏳ plan-runner: Checks/mu);
}

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

it('a merge job given no prepared ends the shared comment the other jobs left at ⏳: ❌, what ran ⏹️, and what to do', async () => {
  await preparedAndShard();
  const told = await refusedMerge({ prepared: '' });
  expect(told.failed.join('\n')).toContain("input 'prepared': mode: merge needs it");
  const body = comment();
  expect(body).not.toContain('⏳');
  expect(body).toMatch(/^### ❌ plan-runner: Checks/mu);
  expect(body).toMatch(/^- ✅ list\./mu);
  expect(body).toMatch(/^- ⏹️ check\./mu);
  expect(body).toMatch(/^- ⬜ after\./mu);
  expect(body).toContain('**Stopped:** the merge job was refused');
  expect(github.commentsOn('octo', 'app', 5)).toHaveLength(1);
  expect(github.violations).toEqual([]);
});

it('a merge job given a malformed prepared ends it too', async () => {
  await preparedAndShard();
  const told = await refusedMerge({ prepared: 'steps.prepare.outputs.prepared' });
  expect(told.failed.join('\n')).toContain("input 'prepared'");
  expect(comment()).toMatch(/^### ❌ plan-runner: Checks/mu);
});

it('a refused merge job leaves another workflow run’s comment, another plan’s and another run key’s as they are', async () => {
  await preparedAndShard();
  const before = comment();
  await refusedMerge({ prepared: '' }, '78');
  await refusedMerge({ prepared: '', plan: 'other.yml' });
  await refusedMerge({ prepared: '', 'run-key': 'node-20' });
  expect(comment()).toBe(before);
});

it('a refused job of another mode leaves the shared comment as it is', async () => {
  await preparedAndShard();
  const before = comment();
  await refusedMerge({ mode: 'shard', shard: '2', prepared: '' });
  await refusedMerge({ mode: 'run', prepared: '5' });
  expect(comment()).toBe(before);
});

it('a cancelled shard job ends the shared comment: the merge job (if: !cancelled()) of a cancelled workflow run never starts', async () => {
  const prepare = await job({ mode: 'prepare', shards: '2' });
  await job({ mode: 'shard', shard: '1', prepared: prepare.result.outputs.prepared! });
  const cancel = new AbortController();
  // Shard 2's item waits 20 s: the cancel comes while it runs.
  setTimeout(() => cancel.abort(), 1000);
  const two = await job({ mode: 'shard', shard: '2', prepared: prepare.result.outputs.prepared! }, '77', cancel.signal);
  expect(two.result.outputs.status).toBe('cancelled');
  const body = comment();
  expect(body).not.toMatch(/^### ⏳/mu);
  expect(body).toMatch(/^### ⏹️ plan-runner: Checks/mu);
  expect(body).toContain('**Finished: cancelled**');
  expect(body).toMatch(/^- ❌ check\. check — 1\/2 done, 1 failed — cancelled$/mu);
  expect(github.commentsOn('octo', 'app', 5)).toHaveLength(1);
});
