// A re-run that resumed attempt 1 and was killed: its post step finished the PR comment from the trace, and the
// `Resumed from attempt 1: … reused.` line the main step's comment had was gone from it (found by a review).
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings, type ActionSettings } from '../../src/action/action-settings.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { RESUMED_FROM_STATE, runAction } from '../../src/action/run-action.ts';
import { TRACE_STARTED_STATE } from '../../src/action/trace-started.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { recordingIO } from './recording-io.ts';

const PR = 5;
const plan = (divisor: number) => `name: Sums
toolsets: [math]
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 3, b: 4 } }
  - { id: 2, type: tool_call, tool: divide, args: { a: { step_result: 1 }, b: ${divisor} } }
`;

let root: string;
let github: FakeGitHub;
const artifacts: Array<StateArtifact & { file: string }> = [];

const store: RunStateStore = {
  async save(name, file) {
    const kept = path.join(root, 'store', `${artifacts.length + 1}.jsonl`);
    await mkdir(path.dirname(kept), { recursive: true });
    await copyFile(file, kept);
    const artifact = { id: artifacts.length + 1, name, size: (await stat(file)).size, createdAt: new Date(), file: kept };
    artifacts.push(artifact);
    return artifact;
  },
  list: async () => artifacts,
  async download(artifact, dir) {
    await mkdir(dir, { recursive: true });
    const to = path.join(dir, `${artifact.id}.jsonl`);
    await copyFile(artifacts.find((a) => a.id === artifact.id)!.file, to);
    return to;
  },
};

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

async function settingsOf(attempt: number, divisor: number): Promise<ActionSettings> {
  const workspace = path.join(root, 'ws');
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), plan(divisor));
  const event = path.join(root, 'event.json');
  await writeFile(event, JSON.stringify(pullRequestEvent(PR)));
  const env = {
    GITHUB_WORKSPACE: workspace, RUNNER_TEMP: path.join(root, `tmp-${attempt}`), GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: String(attempt),
  };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

async function act(settings: ActionSettings, saved = new Map<string, string>()) {
  const result = await runAction(settings, {
    io: recordingIO().io, redact: createRedactor(), clock: systemClock, github: octokit(), state: store, commentIntervalMs: 0,
    admission: { permissionOf: async () => ({ permission: 'write' }) as never }, saveState: (name, value) => saved.set(name, value),
  });
  await result.published;
  return result;
}

const lastComment = () => github.commentsOn(REPO.owner, REPO.name, PR).at(-1)!.body;

beforeEach(async () => {
  artifacts.length = 0;
  root = await mkdtemp(path.join(os.tmpdir(), 'killed-resumed-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(root, { recursive: true, force: true });
});

it("a killed re-run's post step keeps the comment's line naming the attempt it resumed and what it reused", async () => {
  expect((await act(await settingsOf(1, 0))).outputs.status).toBe('failed');
  const saved = new Map<string, string>();
  const second = await settingsOf(2, 2);
  const rerun = await act(second, saved);
  expect(lastComment()).toContain('Resumed from attempt 1: 1 step reused.');
  expect(saved.get(RESUMED_FROM_STATE)).toBe('attempt 1');
  // Killed after it reused step 1: its trace ends there, and the post step finishes the comment from it.
  const lines = (await readFile(rerun.outputs.trace, 'utf8')).split('\n');
  const cut = lines.findIndex((line) => line.includes('"step_completed"'));
  await writeFile(rerun.outputs.trace, `${lines.slice(0, cut + 1).join('\n')}\n`);
  const resumedFrom = saved.get(RESUMED_FROM_STATE);
  const wrote = await finishKilledRun(second, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, github: octokit(), commentIntervalMs: 0, traceStarted: saved.get(TRACE_STARTED_STATE), ...(resumedFrom && { resumedFrom }) });
  expect(wrote).toBe(true);
  const body = lastComment();
  expect(body).toContain('Finished: cancelled');
  expect(body).toContain('Resumed from attempt 1: 1 step reused.');
  expect(github.commentsOn(REPO.owner, REPO.name, PR)).toHaveLength(1);
});
