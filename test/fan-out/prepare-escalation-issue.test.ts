import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { openEscalationIssue } from '../../src/action/escalation-issue.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { memoryStateStore } from './memory-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from '../action/recording-io.ts';

// Found by a review: a fanned-out run's prepare job, which succeeds before any shard runs or any goal is judged, closed
// the plan's escalation issue; only the merge job's success does.

const PLAN = `name: Checks
escalate: { mention: "@acme/oncall" }
tools:
  list: { description: The items, command: ["sh", "-c", "echo '[1,2]'"], input: { type: object } }
  check: { description: Check one item, command: ["sh", "-c", "cat"], input: { type: object, properties: { n: { type: integer } }, required: [n] } }
workflow_sequence:
  - { id: list, type: tool_call, tool: list, args: {} }
  - { id: check, type: tool_call, tool: check, for_each: "\${steps.list.result}", fan_out: true, on_item_failure: continue, args: { n: "\${item}" } }
`;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'hunt-prep-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function prepareJob(state: RunStateStore) {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', mode: 'prepare', shards: '2' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }), state, admission: { permissionOf: async () => ({ permission: 'write' }) } });
  await result.published;
  return result;
}

it('a prepare job whose state was lost fails, and leaves the escalation issue open', async () => {
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  await openEscalationIssue(octokit, { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Checks' }, { reason: 'earlier run escalated', lastError: 'x', tried: [], mention: '@acme/oncall' }, createRedactor(), () => {});
  const state = await memoryStateStore();
  state.save = () => Promise.reject(new Error('the artifact service is down'));
  const result = await prepareJob(state);
  expect(result.outputs.status).toBe('failed');
  expect(github.issues).toMatchObject([{ state: 'open' }]);
});

it('a prepare job (no goal checked, no shard run yet) leaves the escalation issue open', async () => {
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  await openEscalationIssue(octokit, { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Checks' }, { reason: 'earlier run escalated', lastError: 'x', tried: [], mention: '@acme/oncall' }, createRedactor(), () => {});
  const result = await prepareJob(await memoryStateStore());
  expect(result.outputs.status).toBe('succeeded');
  expect(github.issues).toMatchObject([{ state: 'open' }]);
});
