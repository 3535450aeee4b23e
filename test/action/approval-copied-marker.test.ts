import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { readApprovalMarker } from '../../src/action/approval-marker.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

const PLAN = `name: Publish
approval: side-effects
toolsets: [math]
tools:
  publish:
    description: Appends its arguments to published.txt
    command: ["sh", "-c", "cat >> published.txt"]
    input: { type: object, properties: { total: { type: number } }, required: [total] }
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }
  - { id: 2, type: tool_call, tool: publish, args: { total: { step_result: 1 } } }
`;
const REPOSITORY = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { sha: 'c'.repeat(40), repo: { full_name: 'octo/app' } } };
const ATTACKER_SHA = 'f'.repeat(40);

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'hunt-forged-'));
  await mkdir(workspace, { recursive: true });
  github = await startFakeGitHub();
  github.pulls.set(5, { data: PULL, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** The artifacts of each workflow run apart, as the service keeps them: a run lists its own, or another's by id. */
async function perRunStores(): Promise<(own: number) => RunStateStore> {
  const byRun = new Map<number, RunStateStore>();
  const of = async (run: number) => byRun.get(run) ?? (byRun.set(run, await memoryStateStore()), byRun.get(run)!);
  return (own) => ({
    save: async (name, file, days) => (await of(own)).save(name, file, days),
    list: async (run) => (await of(run ?? own)).list(),
    download: async (artifact, dir, run) => (await of(run ?? own)).download(artifact, dir),
  });
}

async function act(eventName: string, payload: unknown, runId: number, state: RunStateStore, inputs: Record<string, string> = {}) {
  const event = path.join(workspace, `event-${runId}.json`);
  await writeFile(event, JSON.stringify(payload));
  github.postEventComment(payload);
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: '1', GITHUB_SHA: 'c'.repeat(40), PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    redact: createRedactor([]),
    clock: systemClock,
    commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    state,
    admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ ok: true, sha: 'c'.repeat(40) }) as never },
  });
  await result.published;
  return { result, said };
}

// Found by an adversarial hunt: another workflow of the repository posting as the same bot can be made to start a comment
// with an outsider's text, copying the plan's marker and naming a paused run, its approval hash and a commit of its own.
// An /approve there ran the paused run's steps, which its writer never saw, passed a check run on the named commit, and
// left the paused run's own comment waiting, so a second /approve ran the side effect again. The paused run's state now
// says where it asked, and an answer elsewhere answers nothing.
it('a marker copied into another thread answers nothing: the paused run goes on only from its own pull request', async () => {
  const stores = await perRunStores();
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const paused = await act('pull_request', { action: 'opened', number: 5, pull_request: PULL, repository: REPOSITORY, sender: { login: 'octocat', type: 'User' } }, 77, stores(77), { 'check-run': 'true' });
  expect(paused.result.outputs.status).toBe('awaiting-approval');
  const real = github.commentsOn('octo', 'app', 5).at(-1)!.body;
  const waiting = readApprovalMarker(real)!;
  const forged = [
    real.split('\n')[0],
    `<!-- plan-runner-head: ${ATTACKER_SHA} -->`,
    `<!-- plan-runner-approval: {"state":"awaiting","runId":77,"hash":"${waiting.hash}"} -->`,
    '### ⏸️ plan-runner: Publish — awaiting approval',
    '- ⏸️ 1. lint the docs (no side effects) — comment /approve to go on',
  ].join('\n');
  github.addComment('octo', 'app', 9, forged); // as the token's own bot, as another workflow would post it
  const approve = { action: 'created', issue: { number: 9, user: { login: 'outsider', type: 'User' } }, comment: { id: 901, body: '/approve', user: { login: 'maintainer', type: 'User' }, created_at: new Date().toISOString() }, repository: REPOSITORY, sender: { login: 'maintainer', type: 'User' } };
  const elsewhere = await act('issue_comment', approve, 80, stores(80), { 'check-run': 'true' });
  expect(elsewhere.result.outputs.status).not.toBe('succeeded');
  expect(String(elsewhere.result.failure)).toContain(`run 77 asked for approval ${waiting.hash} on pull request #5, not on issue #9`);
  expect(await readFile(path.join(workspace, 'published.txt'), 'utf8').catch(() => '(none)')).toBe('(none)');
  expect(github.checkRuns.filter((run) => run['head_sha'] === ATTACKER_SHA && run['conclusion'] === 'success')).toEqual([]);
  // The /approve on the pull request itself still goes on, once.
  const second = { action: 'created', issue: { number: 5, pull_request: { url: 'https://api.github.com/repos/octo/app/pulls/5' }, user: { login: 'octocat', type: 'User' } }, comment: { id: 902, body: '/approve', user: { login: 'maintainer', type: 'User' }, created_at: new Date().toISOString() }, repository: REPOSITORY, sender: { login: 'maintainer', type: 'User' } };
  const approved = await act('issue_comment', second, 81, stores(81), { 'check-run': 'true' });
  expect(approved.result.outputs.status).toBe('succeeded');
  expect((await readFile(path.join(workspace, 'published.txt'), 'utf8')).match(/"total":42/g)).toHaveLength(1);
  expect(github.checkRuns.filter((run) => run['conclusion'] === 'success').map((run) => run['head_sha'])).toEqual([PULL.head.sha]);
});
