import { copyFile, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore, StateArtifact } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';
import { HEAD_SHA, pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';

// A paused job re-run after its pause was answered (found by an adversarial pass): the re-run paused
// again at the same steps and wrote "awaiting approval, comment /approve" over the approved run's result.
const PR = 21;
const DEFAULT_SHA = 'd'.repeat(40);
let root: string;
let github: FakeGitHub;
let published: string;
/** While this file exists, the `notify` step fails (exit 1): a failure the next attempt gets over. */
let outage: string;
/** What a test does to the plan file before the next job reads it. */
let edit: (text: string) => string;
const artifacts = new Map<number, Array<StateArtifact & { file: string }>>();
let nextArtifact = 1;

const plan = () => `name: Publish
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to a file outside the workspace
    command: ["sh", "-c", "cat >> ${published}; echo >> ${published}; cat code.txt"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
  notify:
    description: Appends its arguments to a second file, and fails while the outage file exists
    command: ["sh", "-c", "test ! -e ${outage} && cat >> ${published}.notified"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 } } }
  - { id: 3, type: tool_call, tool: notify, args: { total: { step_result: 1 } }, depends_on: [2] }
goals:
  - { name: the code the approved step read is good, of: 2, matches: "good" }
`;

function store(runId: number): RunStateStore {
  return {
    async save(name, file) {
      const kept = path.join(root, 'store', String(nextArtifact));
      await mkdir(kept, { recursive: true });
      await copyFile(file, path.join(kept, 'state.jsonl'));
      const artifact = { id: nextArtifact++, name, size: (await stat(file)).size, createdAt: new Date(), file: path.join(kept, 'state.jsonl') };
      artifacts.set(runId, [...(artifacts.get(runId) ?? []), artifact]);
      return artifact;
    },
    async list(other) {
      return artifacts.get(other ?? runId) ?? [];
    },
    async download(artifact, dir) {
      await mkdir(dir, { recursive: true });
      const found = [...artifacts.values()].flat().find((a) => a.id === artifact.id)!;
      const to = path.join(dir, `${artifact.id}.jsonl`);
      await copyFile(found.file, to);
      return to;
    },
  };
}

function commentEvent(body: string, login: string) {
  const base = pullRequestEvent(PR);
  return {
    action: 'created',
    issue: { number: PR, title: 'x', state: 'open', user: { login: 'octocat', id: 2, type: 'User' }, pull_request: { url: `https://api.github.com/repos/${REPO.owner}/${REPO.name}/pulls/${PR}` } },
    comment: { id: 900, body, user: { login, id: 77, type: 'User' }, created_at: new Date().toISOString() },
    repository: base['repository'],
    sender: { login, id: 77, type: 'User' },
  };
}

async function act(name: string, event: string, payload: unknown, runId: number, attempt: number, inputs: Record<string, string> = {}, job?: string) {
  const workspace = path.join(root, 'ws');
  await mkdir(path.join(root, name), { recursive: true });
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), edit(plan()));
  await writeFile(path.join(workspace, 'code.txt'), 'good'); // the DEFAULT branch's code

  const eventPath = path.join(root, name, 'event.json');
  await writeFile(eventPath, JSON.stringify(payload));
  // The comment an answer's event names is there to be read again, as on GitHub.
  github.postEventComment(payload);
  const env = {
    GITHUB_WORKSPACE: workspace, RUNNER_TEMP: path.join(root, name, 'tmp'), GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(attempt), GITHUB_SHA: event === 'issue_comment' ? DEFAULT_SHA : HEAD_SHA,
    ...(job !== undefined && { GITHUB_JOB: job }),
  };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', ...inputs };
  const read = await readActionSettings((n) => given[n] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const result = await runAction(read.settings, {
    io, redact: createRedactor(), clock: systemClock, github: octokit, state: store(runId), commentIntervalMs: 0,
    admission: { readHead: async () => ({ kind: 'commit', sha: DEFAULT_SHA }), permissionOf: async () => ({ permission: 'write' }) as never },
  });
  await result.published;
  return { result, said };
}


beforeEach(async () => {
  artifacts.clear();
  root = await mkdtemp(path.join(os.tmpdir(), 'approval-pass-'));
  published = path.join(root, 'published.txt');
  outage = path.join(root, 'outage');
  edit = (text) => text;
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(root, { recursive: true, force: true });
});


it('a re-run of the approving job checks no goal on a result its first attempt read from the default branch', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  const approved = await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  expect(approved.result.outputs.status).toBe('failed');
  await rm(outage);
  const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2);
  const check = github.checkRuns.filter((run) => run['head_sha'] === HEAD_SHA).at(-1)!;
  expect(rerun.result.outputs['goals-met']).toBe('false');
  expect(check['conclusion']).toBe('failure');
}, 60_000);
