import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
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
import { startChatServer, textAnswer, type ChatServer } from '../helpers/chat-server.ts';

// Found by an adversarial pass: a /reject job reported the paused run's model calls, cost, tokens and duration as its
// own (its record is rebuilt from the paused run's events); summed over jobs, they counted twice. A job counts its own.
const PLAN = `name: Publish
approval: side-effects
model: { name: my-model }
pricing:
  my-model: { input_per_mtok: 1, output_per_mtok: 1 }
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 0, type: reasoning, description: say a number }
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 }, depends_on: [0] }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 } } , depends_on: [1]}
`;

const REPOSITORY = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { sha: 'c'.repeat(40), repo: { full_name: 'octo/app' } } };

let root: string;
let workspace: string;
let github: FakeGitHub;
let chat: ChatServer;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-approval-answers-'));
  chat = await startChatServer(() => textAnswer('7', { usage: { prompt_tokens: 1000, completion_tokens: 10 } }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await chat.close();
});
beforeEach(async () => {
  // Each test's workspace is new, at one path, as a runner's is for every job: the run state names the plan file
  // by its path, and an answer is given where the run paused.
  workspace = path.join(root, 'workspace');
  await mkdir(workspace);
  github = await startFakeGitHub();
  github.pulls.set(5, { data: PULL, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function act(eventName: string, payload: unknown, runId: number, state: RunStateStore, options: { inputs?: Record<string, string>; saved?: Map<string, string>; attempt?: number; fetch?: typeof fetch } = {}) {
  const event = path.join(workspace, `event-${runId}-${options.attempt ?? 1}.json`);
  await writeFile(event, JSON.stringify(payload));
  // The comment an answer's event names is there to be read again, as on GitHub.
  github.postEventComment(payload);
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(options.attempt ?? 1), GITHUB_SHA: 'c'.repeat(40), PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'base-url': chat.baseURL, 'api-key': 'local-key-123', ...options.inputs };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    // A runner variable whose name looks secret holds the region: the run hides it everywhere.
    redact: createRedactor(['eu-central-primary']),
    clock: systemClock,
    commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle(), ...(options.fetch && { fetch: options.fetch }) }),
    state,
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ ok: true, sha: 'c'.repeat(40) }) as never },
    ...(options.saved && { saveState: (name: string, value: string) => void options.saved!.set(name, value) }),
  });
  await result.published;
  return { result, said, settings: read.settings };
}

/** The pull request run that pauses before the write, its state in `store`. */
async function pause(store: RunStateStore, plan = PLAN, pull = PULL, runId = 77) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const paused = await act('pull_request', { action: 'opened', number: 5, pull_request: pull, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }, runId, store);
  expect(paused.result.outputs.status).toBe('awaiting-approval');
  return paused;
}

/** An issue_comment event: `body` by a maintainer on pull request #5, written at `createdAt` (now unless given; `null`: a payload without the time). */
function commentOn(body: string, id: number, createdAt: string | null = new Date().toISOString()) {
  return { action: 'created', issue: { number: 5, pull_request: { url: 'https://api.github.com/repos/octo/app/pulls/5' }, user: { login: 'octocat', type: 'User' } }, comment: { id, body, user: { login: 'maintainer', type: 'User' }, ...(createdAt !== null && { created_at: createdAt }) }, repository: REPOSITORY, sender: { login: 'maintainer', type: 'User' } };
}


it('a /reject job made no model call and ran for no time: its usage outputs do not repeat the paused run\'s', async () => {
  const store = await memoryStateStore();
  const paused = await pause(store);
  expect(paused.result.outputs['model-calls']).toBe('1');
  const calls = chat.requests.length;
  const rejected = await act('issue_comment', commentOn('/reject', 904), 88, store);
  expect(rejected.result.outputs.status).toBe('rejected');
  expect(chat.requests.length).toBe(calls);
  expect(rejected.result.outputs['model-calls']).toBe('0');
  expect(rejected.result.outputs['cost-usd']).toBe('0');
});

it('an /approve job counts only its own model calls', async () => {
  const store = await memoryStateStore();
  await pause(store);
  const calls = chat.requests.length;
  const approved = await act('issue_comment', commentOn('/approve', 905), 89, store);
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(approved.result.outputs['model-calls']).toBe(String(chat.requests.length - calls));
});
