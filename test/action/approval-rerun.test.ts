import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    command: ["sh", "-c", "cat >> ${published}; echo >> ${published}"]
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
  const eventPath = path.join(root, name, 'event.json');
  await writeFile(eventPath, JSON.stringify(payload));
  // The comment an answer's event names is there to be read again, as on GitHub.
  github.postEventComment(payload);
  const env = {
    GITHUB_WORKSPACE: workspace, RUNNER_TEMP: path.join(root, name, 'tmp'), GITHUB_EVENT_NAME: event, GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: String(runId), GITHUB_RUN_ATTEMPT: String(attempt), GITHUB_SHA: event === 'issue_comment' || event === 'pull_request_target' ? DEFAULT_SHA : HEAD_SHA,
    ...(job !== undefined && { GITHUB_JOB: job }),
  };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
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

const marker = () => /<!-- plan-runner-approval: (.*) -->/.exec(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body)?.[1];
const notifies = async () => (await readFile(`${published}.notified`, 'utf8').catch(() => '')).split('}').length - 1;
const publishes = async () => (await readFile(published, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;

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


it('refuses a re-run of a paused job whose pause was approved since: the comment keeps the approved run, nothing runs twice', async () => {
  const paused = await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  expect(paused.result.outputs.status).toBe('awaiting-approval');
  const approved = await act('a', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(await publishes()).toBe(1);
  const afterApproval = github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body;

  const rerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2);
  expect(rerun.result.outputs.status).toBe('failed');
  expect(rerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
  expect(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body).toBe(afterApproval);
  expect(await publishes()).toBe(1);

  // And a later /approve is still refused: the answer stands.
  const again = await act('b', 'issue_comment', commentEvent('/approve', 'maintainer'), 6161, 1);
  expect(again.result.failure).toContain('already approved');
  expect(await publishes()).toBe(1);
}, 60_000);

it('refuses a re-run of a paused job whose pause was rejected since', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  const rejected = await act('r', 'issue_comment', commentEvent('/reject', 'maintainer'), 5151, 1);
  expect(rejected.result.failure).toBeUndefined();
  const rerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2);
  expect(rerun.result.failure).toContain("this workflow run's request for approval was already rejected by @maintainer");
  expect(await publishes()).toBe(0);
}, 60_000);

it('lets a re-run of a paused job that nobody answered pause again', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  const rerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2);
  expect(rerun.result.outputs.status).toBe('awaiting-approval');
  expect(marker()).toContain('"awaiting"');
}, 60_000);

it('a re-run whose pause is answered while it runs leaves the comment to the approved run and asks nothing again', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  let lists = 0;
  let approving: ReturnType<typeof act> | undefined;
  github.onRequest = (request) => {
    if (request.operationId !== 'issues/list-comments' || ++lists !== 2) return;
    // The re-run's first look before it writes its comment (the first was its check for an answer) is
    // carried out 3 s late: the /approve run answers meanwhile, so that look finds the answer.
    github.fail('issues/list-comments', { lateMs: 3000 });
    approving = act('a', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  };
  const rerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2);
  const approved = await approving!;
  github.onRequest = undefined;
  expect(approved.result.outputs.status).toBe('succeeded');
  expect(rerun.said.log.join('')).toContain("This workflow run's request for approval has been approved by @maintainer");
  // Its pause was reached (answered), though its comment never showed it: not failed as one no /approve can find.
  expect(rerun.result.outputs.status).toBe('awaiting-approval');
  expect(rerun.result.failure).toBeUndefined();
  const body = github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body;
  expect(marker()).toContain('"approved"');
  expect(body).not.toContain('To approve');
  expect(await publishes()).toBe(1);
  const again = await act('b', 'issue_comment', commentEvent('/approve', 'maintainer'), 6161, 1);
  expect(again.result.failure).toContain('already approved');
  expect(await publishes()).toBe(1);
}, 60_000);

it('refuses a re-run after the answer with resume: never too, which would start afresh and ask again', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await act('a', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  const rerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2, { resume: 'never' });
  expect(rerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
  expect(await publishes()).toBe(1);
}, 60_000);

it("re-running the approving job after an approved step failed resumes its own first attempt, with the approval it recorded: nothing it did runs again", async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  const approved = await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  expect(approved.result.outputs.status).toBe('failed');
  expect(await publishes()).toBe(1);
  expect(await notifies()).toBe(0);
  await rm(outage);

  // GitHub's "Re-run failed jobs" on the approving workflow run: the same event, attempt 2.
  const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2);
  expect(rerun.result.failure).toBeUndefined();
  expect(rerun.result.outputs.status).toBe('succeeded');
  expect(await publishes()).toBe(1);
  expect(await notifies()).toBe(1);
  expect(marker()).toContain('"approved"');
  expect(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body).toContain('Resumed from attempt 1');

  // The answer still stands for everyone else: a new /approve and a re-run of the paused job run nothing.
  const again = await act('b', 'issue_comment', commentEvent('/approve', 'maintainer'), 6161, 1);
  expect(again.result.failure).toContain('already approved');
  const pausedRerun = await act('p2', 'pull_request', pullRequestEvent(PR), 4242, 2);
  expect(pausedRerun.result.failure).toContain("this workflow run's request for approval was already approved by @maintainer");
  expect([await publishes(), await notifies()]).toEqual([1, 1]);
}, 60_000);

// Found by an adversarial pass: two jobs of the /approve workflow run the plan (no run-key); the first goes on with the
// answer and fails, the second is refused. "Re-run failed jobs" re-ran both, and both went on from the one state the
// first saved: the failed step ran twice.
it('re-running two approving jobs of one workflow run resumes only the job that went on with the approval: nothing runs twice', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1, {}, 'plan');
  await writeFile(outage, '');
  const first = await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1, {}, 'answer');
  expect(first.result.outputs.status).toBe('failed');
  const second = await act('b1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1, {}, 'answer-again');
  expect(second.result.failure).toContain('already approved');
  await rm(outage);

  const rerunFirst = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2, {}, 'answer');
  expect(rerunFirst.result.outputs.status).toBe('succeeded');
  const rerunSecond = await act('b2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2, {}, 'answer-again');
  expect([await publishes(), await notifies()]).toEqual([1, 1]);
  expect(rerunSecond.result.failure).toContain('no attempt saved a state in which its run started');
}, 60_000);

it("a re-run of an approving job whose answer another run's has replaced since runs nothing: the approval is that run's", async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  // A new workflow run of the pull request pauses with the same request (same plan, same inputs: the same hash), and
  // another /approve answers it, again while the outage lasts.
  await act('p3', 'pull_request', pullRequestEvent(PR), 7070, 1);
  expect(marker()).toContain('"runId":7070');
  await act('c1', 'issue_comment', commentEvent('/approve', 'maintainer'), 8080, 1);
  const held = github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body;
  expect(await publishes()).toBe(2);
  await rm(outage);

  const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2);
  expect(rerun.result.failure).toContain('already approved by @maintainer');
  // It names the job that goes on with that approval, and what a new run would repeat.
  expect(rerun.result.failure).toContain('re-run its failed jobs (workflow run 8080): it goes on from what it did. A new workflow run of the pull request asks anew, and runs the approved steps again, side effects included');
  expect(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body).toBe(held);
  expect([await publishes(), await notifies()]).toEqual([2, 0]);
}, 60_000);

// Found by a review: an answer recorded by an earlier plan-runner names no workflow run, and the refusal of a later
// /approve still said to re-run the approving run's failed jobs, which were refused as "already approved" in turn.
it('a refused /approve of an answer that names no approving run does not send anyone to a re-run that is refused too', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  await rm(outage);
  // As an earlier plan-runner recorded the answer: no "answerRunId".
  const [live] = github.commentsOn(REPO.owner, REPO.name, PR);
  expect(live!.body).toContain(',"answerRunId":5151');
  live!.body = live!.body.replace(',"answerRunId":5151', '');

  const again = await act('b', 'issue_comment', commentEvent('/approve', 'maintainer'), 6161, 1);
  expect(again.result.failure).toContain('already approved by @maintainer');
  expect(again.result.failure).not.toContain('re-run its failed jobs');
  expect(again.result.failure).toContain('start a new workflow run of the pull request');
  // What it no longer advises is indeed refused.
  const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2);
  expect(rerun.result.failure).toContain('already approved by @maintainer');
  expect([await publishes(), await notifies()]).toEqual([1, 0]);
}, 60_000);

it('a re-run of an approving job whose plan file changed since runs nothing: the approval covers the plan as asked', async () => {
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1);
  await rm(outage);
  const held = github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body;

  edit = (text) => text.replace('args: { total: { step_result: 1 } }, depends_on: [2]', 'args: { total: 99 }, depends_on: [2]');
  const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2);
  expect(rerun.result.failure).toContain('The run was refused before any step ran');
  expect(rerun.said.log.join('')).toContain('changed since the approval was asked');
  expect(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body).toBe(held);
  expect([await publishes(), await notifies()]).toEqual([1, 0]);
}, 60_000);

it("a re-run of an approving job whose comment shows another run's pause since runs nothing: its /approve answered the run it went on with, once", async () => {
  // Run 7070 pauses first; 4242's pause replaces it in the comment, and the maintainer's /approve (run 5151) answers that.
  await act('p3', 'pull_request', pullRequestEvent(PR), 7070, 1);
  const shown7070 = github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body;
  await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1);
  await writeFile(outage, '');
  const approve = commentEvent('/approve', 'maintainer');
  await act('a1', 'issue_comment', approve, 5151, 1);
  expect(marker()).toContain('"runId":4242');
  // 7070's write of its pause, held up, lands after the answer (or a runner's clock behind dates a later pause before it):
  // its question was asked before the /approve was written.
  github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body = shown7070;
  await rm(outage);

  const rerun = await act('a2', 'issue_comment', approve, 5151, 2);
  expect(rerun.result.failure).toContain("attempt 1 of this workflow run already went on with this comment's /approve");
  expect(rerun.result.failure).toContain('run 7070 waiting');
  expect(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body).toBe(shown7070);
  expect([await publishes(), await notifies()]).toEqual([1, 0]);
}, 60_000);

// Found by a hunt of the merge gate: a step that read the job's checkout, reused where that checkout was not the pull
// request's commit, had its goal checked on the base branch's file, and the check run ended success on the head.
describe('a goal on a reused step that read a checkout other than the pull request\'s', () => {
  /** The plan with a step reading `code.txt` before the pause, `publish` reading it too, and a goal on each (check runs on). */
  const reading = (text: string) =>
    text
      .replace('cat >> ${published}; echo >> ${published}"]', 'cat >> ${published}; echo >> ${published}; cat code.txt"]')
      .replace('  notify:', '  read_code:\n    description: The code under review\n    command: ["sh", "-c", "cat code.txt"]\n  notify:')
      .replace('workflow_sequence:\n', 'workflow_sequence:\n  - { id: read, type: tool_call, tool: read_code, args: {} }\n')
      .concat('goals:\n  - { name: the code read before the pause is good, of: read, matches: good }\n  - { name: the code the approved step read is good, of: 2, matches: good }\n');
  const checked = { 'check-run': 'true' };

  beforeEach(async () => {
    edit = reading;
    await mkdir(path.join(root, 'ws'), { recursive: true });
    await writeFile(path.join(root, 'ws', 'code.txt'), 'good');
  });

  it('is not checked when an /approve continues a paused pull_request_target run', async () => {
    const paused = await act('p1', 'pull_request_target', { ...pullRequestEvent(PR), action: 'opened' }, 4242, 1, checked);
    expect(paused.result.outputs.status).toBe('awaiting-approval');
    const approved = await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1, checked);
    expect(approved.result.outputs['goals-met']).toBe('false');
    expect(approved.said.summary).toContain('step read was reused from a run that ran it with a tool that reads its checkout');
    expect(github.checkRuns.filter((run) => run['head_sha'] === HEAD_SHA).at(-1)!['conclusion']).toBe('failure');
  }, 60_000);

  it('is not checked on a re-run of the approving job, whose first attempt read the default branch', async () => {
    await act('p1', 'pull_request', pullRequestEvent(PR), 4242, 1, checked);
    await writeFile(outage, '');
    const approved = await act('a1', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 1, checked);
    expect(approved.result.outputs.status).toBe('failed');
    await rm(outage);
    const rerun = await act('a2', 'issue_comment', commentEvent('/approve', 'maintainer'), 5151, 2, checked);
    expect(rerun.result.outputs['goals-met']).toBe('false');
    // The paused pull_request run's own read is the pull request's, and is checked; the approved step's is not.
    expect(rerun.said.summary).toMatch(/the code read before the pause is good[^\n]*✅|✅[^\n]*the code read before the pause is good/);
    expect(rerun.said.summary).toContain('step 2 was reused from a run that ran it with a tool that reads its checkout');
    expect(github.checkRuns.filter((run) => run['head_sha'] === HEAD_SHA).at(-1)!['conclusion']).toBe('failure');
  }, 60_000);
});
