import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
import { copyFile as cp, mkdir, stat } from 'node:fs/promises';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
const artifacts: Array<StateArtifact & { file: string }> = [];
let nextId = 1;
const store = (): RunStateStore => ({
  async save(name, file) { const kept = path.join(workspace, 'store', String(nextId)); await mkdir(kept, { recursive: true }); await cp(file, path.join(kept, 's.jsonl')); const a = { id: nextId++, name, size: (await stat(file)).size, createdAt: new Date(), file: path.join(kept, 's.jsonl') }; artifacts.push(a); return a; },
  async list() { return artifacts; },
  async download(artifact, dir) { await mkdir(dir, { recursive: true }); const to = path.join(dir, `${artifact.id}.jsonl`); await cp(artifacts.find((a) => a.id === artifact.id)!.file, to); return to; },
});

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
  - { name: the code read is good, of: read, equals: good }
`;

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-prt-rerun-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function attempt(extra: Record<string, string>, runAttempt: string) {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request_target', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '70', GITHUB_RUN_ATTEMPT: runAttempt, GITHUB_SHA: BASE, RUNNER_TEMP: path.join(workspace, 'tmp' + runAttempt), PATH: process.env['PATH'] ?? '' };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', comment: 'never', state: 'off', ...extra };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io, redact: createRedactor(), clock: systemClock, state: store(),
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ kind: 'commit', sha: BASE, changed: [] }) },
  });
  await result.published;
  return { result, said };
}

it('a resumed pull_request_target run checks no goal on a base-checkout result it reused', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  await writeFile(path.join(workspace, 'code.txt'), 'good'); // the BASE branch's code
  const first = await attempt({}, '1');
  expect(first.result.outputs['goals-met']).toBe('false');
  expect(github.checkRuns.filter((run) => run['head_sha'] === HEAD).at(-1)!['conclusion']).toBe('failure');
  await copyFile(first.result.outputs.trace, path.join(workspace, 'earlier.jsonl'));
  const second = await attempt({ 'resume-from': 'earlier.jsonl' }, '2');
  const check = github.checkRuns.filter((run) => run['head_sha'] === HEAD).at(-1)!;
  expect(second.result.outputs['goals-met']).toBe('false');
  expect(second.result.failure).toBeDefined();
  expect(check['conclusion']).toBe('failure');
});

it('"Re-run failed jobs" of a pull_request_target gate (state: artifact, resume: auto) checks no goal on a base-checkout result it reused', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  await writeFile(path.join(workspace, 'code.txt'), 'good');
  const first = await attempt({ state: 'artifact' }, '1');
  expect(first.result.failure).toBeDefined();
  const second = await attempt({ state: 'artifact' }, '2');
  const check = github.checkRuns.filter((run) => run['head_sha'] === HEAD).at(-1)!;
  expect(second.result.outputs['goals-met']).toBe('false');
  expect(check['conclusion']).toBe('failure');
});
