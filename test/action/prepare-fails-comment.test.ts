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
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Checks
tools:
  list: { description: The items, command: ["sh", "-c", "echo cannot list >&2; exit 1"], input: { type: object } }
  check: { description: Check one item, command: ["sh", "-c", "cat"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, on_item_failure: continue, args: { n: "\${item}" } }
`;

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-prepare-fails-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** A prepare job over 2 shards of `plan` on pull request 5, its state saved to `state`: its outputs, failure, summary and the PR comment. */
async function prepareJob(plan: string, state: RunStateStore): Promise<{ result: Awaited<ReturnType<typeof runAction>>; summary: string; comment: string }> {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', mode: 'prepare', shards: '2' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  github.pulls.set(5, { data: { number: 5, head: { sha: 'b'.repeat(40) } }, files: [] });
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
  return { result, summary: said.summary, comment: github.commentsOn('octo', 'app', 5).at(-1)?.body ?? '' };
}

// A prepare job that failed left the shared comment at ⏳ for good: its own end was never written,
// and the shard and merge jobs, which need it, never run to write another.
it('a prepare job that fails finishes the PR comment, as no job after it will', async () => {
  const { result, comment } = await prepareJob(PLAN, await memoryStateStore());
  expect(result.outputs.status).toBe('failed');
  expect(comment).toContain('plan-runner: Checks');
  expect(comment).not.toMatch(/### ⏳/);
  expect(comment).toContain('Finished: failed');
});

// Its steps succeeded and its state could not be saved: the job failed and output status failed, but its summary
// said ✅ succeeded and the comment stayed at ⏳ for good, since no shard or merge job can build on a state that
// is not there (found by an adversarial pass).
it('a prepare job whose state could not be saved finishes the PR comment and its summary as failed, saying why', async () => {
  const state = await memoryStateStore();
  state.save = () => Promise.reject(new Error('the artifact service is down'));
  const { result, summary, comment } = await prepareJob(PLAN.replace('echo cannot list >&2; exit 1', "echo '[1,2]'"), state);
  expect(result.outputs.status).toBe('failed');
  expect(result.failure).toContain("this job's state could not be saved");
  for (const shown of [summary, comment]) {
    expect(shown).not.toMatch(/### ⏳|✅ plan-runner|succeeded/);
    expect(shown).toContain("this job's state could not be saved");
  }
  expect(comment).toContain('Finished: failed');
});
