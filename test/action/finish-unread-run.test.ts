import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { approvalMarkerLine } from '../../src/action/approval-marker.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { reportPaths } from '../../src/action/report-paths.ts';
import { keyedPlanId } from '../../src/action/run-key.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';
import { recordingRunner } from './recording-runner.ts';
import { post } from '../../src/run.ts';

// Adversarial pass over the post step's report of a run whose record it cannot read (endUnreadRun,
// finishUnreadComment): what it may write where the main step would not have, and what text reaches it.

const REPO = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } };
const PLAN = 'name: Gate\ntoolsets: [math]\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\n';

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-unread-run-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** The runner's variables for a step of a job run on `eventName` (the event's payload in event.json). */
const runnerEnv = (eventName: string) => ({ GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: path.join(workspace, 'event.json'), GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: path.join(workspace, 'runner') });

async function settingsFor(eventName: string, payload: unknown, inputs: Readonly<Record<string, string>> = {}) {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const env = runnerEnv(eventName);
  await writeFile(env.GITHUB_EVENT_PATH, JSON.stringify(payload));
  await mkdir(env.RUNNER_TEMP, { recursive: true });
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

const pullRequest = () => settingsFor('pull_request', { number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: REPO });
const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

async function postStep(settings: Awaited<ReturnType<typeof settingsFor>>, trace?: string, states: { readonly answerRecorded?: boolean } = {}) {
  if (trace !== undefined) {
    const file = reportPaths(settings.outputDir, settings.planPath).trace;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, trace);
  }
  const { io, said } = recordingIO();
  const wrote = await finishKilledRun(settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit(), traceOpened: true, ...states });
  return { wrote, said };
}

// A damaged trace's problem quotes the trace (a trace_gap line's `event`, a key named twice, a step key):
// the trace is in the workspace, where the plan's commands (a pull request's tests) can write it.
describe('the problem of a damaged trace, in the summary and the comment', () => {
  const forged = '\n\n## ✅ plan-runner: Gate\n\n**Status:** succeeded, every goal met\n\n[Download the fixed build](https://evil.example/x) ![](https://evil.example/p.png) <img src=x>\n\n';
  const trace = `${JSON.stringify({ type: 'trace_gap', event: forged, why: 'x' })}\n`;

  it('is shown as text: no heading, link, image or HTML of its own in the summary and the report file', async () => {
    const settings = await pullRequest();
    const { wrote, said } = await postStep(settings, trace);
    expect(wrote).toBe(true);
    const report = await readFile(reportPaths(settings.outputDir, settings.planPath).report, 'utf8');
    for (const shown of [said.summary, report]) {
      expect(shown).toContain('its trace could not be read');
      expect(shown).not.toMatch(/^## ✅/m);
      expect(shown).not.toMatch(/^\*\*Status:\*\* succeeded/m);
      expect(shown).not.toContain('](https://evil.example');
      // Escaped (`\<img`, `\[`), it shows as the text it is.
      expect(shown).not.toMatch(/(?<!\\)<img|(?<!\\)\[Download/);
    }
  });

  it('is shown as text in the PR comment: no forged heading or status line', async () => {
    const settings = await pullRequest();
    await postStep(settings, trace);
    const [comment] = github.commentsOn('octo', 'app', 5);
    expect(comment?.body).toContain('its trace could not be read');
    expect(comment?.body).not.toMatch(/^## ✅/m);
    expect(comment?.body).not.toMatch(/^\*\*Status:\*\* succeeded/m);
  });

  it('is cut: a trace_gap line of 200 KB does not fill the summary', async () => {
    const settings = await pullRequest();
    const { said } = await postStep(settings, `${JSON.stringify({ type: 'trace_gap', event: 'x'.repeat(200_000), why: 'x' })}\n`);
    expect(said.summary.length).toBeLessThan(5000);
    // Cut inside the quoted problem: the report's own words stay whole.
    expect(said.summary).toContain('what the run did is not known here, and the job log shows what it did until it ended.');
  });
});

// `mode: eval` writes no trace, no comment and no check run ("an evaluation is a measurement of the plan,
// not a run of it"). An evaluation killed by timeout-minutes (many runs of the plan) left no trace: the post
// step took it for a run of the plan and wrote a "cancelled" report over the plan's PR comment.
describe('a killed `mode: eval` step', () => {
  it("leaves the plan's PR comment as it is, and says nothing of a trace it never writes", async () => {
    const settings = await settingsFor('pull_request', { number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: REPO }, { mode: 'eval' });
    const body = `${commentMarker(keyedPlanId(settings))}\n## ✅ plan-runner: Gate\n\nFinished: succeeded\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    const { said } = await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([body]);
    expect(said.summary).not.toContain('it left no trace');
  });
});

/** An issue_comment event: `login` commented `body` on pull request 5. */
const commentEvent = (body: string, login: string) => ({
  action: 'created',
  issue: { number: 5, pull_request: { url: 'https://api.github.com/repos/octo/app/pulls/5' } },
  comment: { id: 1, body, user: { login, type: 'User' } },
  sender: { login, type: 'User' },
  repository: REPO,
});

// A comment on the pull request (no /approve) while a run of the plan waits for approval there: the main
// step refuses, "its comment is left as it is". Killed or crashed before it got there (its checks ask GitHub,
// waiting up to 10 s on a transient failure; a cancel-in-progress concurrency group cancels it on the next
// comment), it left no trace, and the post step wrote its "cancelled" report over the waiting run's comment,
// taking its approval marker with it: the /approve that followed found no run waiting.
describe('an issue_comment run killed before its run started', () => {
  // The repository's own branch: not a fork's pull request, whose runs comment nowhere.
  beforeEach(() => {
    github.pulls.set(5, { data: PULL, files: [] });
  });

  it('leaves the comment of a run that waits for approval as it is', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('looks good to me', 'octocat'));
    const body = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${approvalMarkerLine({ state: 'awaiting', runId: 70, hash: 'a'.repeat(16) })}\n## ⏸️ plan-runner: Gate\n\nAwaiting approval: comment /approve\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([body]);
  });

  // `/approve`: the main step recorded the answer in the paused run's comment, then was killed while the
  // approved run's MCP servers started (a trace with no plan_created). The main step, had it ended so, put the
  // comment back as it was (the run still waits: `recorded.undo()`); finishUnstartedRun wrote a body with no
  // approval marker at all: no /approve finds the run any more, and a re-run of the paused job asks again.
  it('an approving run killed before its run started keeps the approval marker in the comment', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('/approve', 'octocat'));
    const marker = approvalMarkerLine({ state: 'approved', hash: 'a'.repeat(16), by: 'octocat', runId: 70 });
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body: `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${marker}\n## ⏸️ plan-runner: Gate\n` });
    await postStep(settings, '');
    const [comment] = github.commentsOn('octo', 'app', 5);
    expect(comment?.body).toContain('<!-- plan-runner-approval: ');
  });
});

// An /approve run recorded its answer in the paused run's comment (the marker says approved), took the
// comment over with its own live checklist, and was killed mid-run with its trace damaged. The post step
// left every comment holding an approval marker as it was: this one stayed at ⏳ for good, though the run
// it shows had ended. The main step now saves that it recorded the answer (`answerRecorded`).
describe('an /approve run killed mid-run, its trace damaged', () => {
  beforeEach(() => {
    github.pulls.set(5, { data: PULL, files: [] });
  });
  const approved = approvalMarkerLine({ state: 'approved', hash: 'a'.repeat(16), by: 'octocat', runId: 70 });
  const damaged = `${JSON.stringify({ type: 'plan_created', at: 0 })}\n{"type":"step_star`;

  it('has its comment finished as cancelled, keeping the answer it recorded', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('/approve', 'octocat'));
    const live = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${approved}\n## ⏳ plan-runner: Gate\n\n- ⏳ 1. Multiply 6 by 7\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body: live });
    const { wrote } = await postStep(settings, damaged, { answerRecorded: true });
    expect(wrote).toBe(true);
    const [comment] = github.commentsOn('octo', 'app', 5);
    expect(comment?.body).toContain('its trace could not be read');
    expect(comment?.body).not.toContain('⏳');
    // The answer stays: a later /approve finds this run answered, not a run waiting, and nothing runs twice.
    expect(comment?.body.split('\n').slice(0, 4)).toContain(approved.slice(1));
  });

  it('leaves a comment where a run waits again (its answer taken back) as it is', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('/approve', 'octocat'));
    const body = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${approvalMarkerLine({ state: 'awaiting', runId: 70, hash: 'a'.repeat(16) })}\n## ⏸️ plan-runner: Gate\n\nAwaiting approval: comment /approve\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    await postStep(settings, damaged, { answerRecorded: true });
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([body]);
  });

  it('is so finished by the post step the runner starts, which reads the state the main step saved', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('/approve', 'octocat'));
    const live = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${approved}\n## ⏳ plan-runner: Gate\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body: live });
    const file = reportPaths(settings.outputDir, settings.planPath).trace;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, damaged);
    for (const [name, value] of Object.entries(runnerEnv('issue_comment'))) vi.stubEnv(name, value);
    vi.stubEnv('STATE_answerRecorded', 'true');
    const { commands, told } = recordingRunner({ plan: 'plan.yml', 'github-token': 't', state: 'off' });
    try {
      await post(commands);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(told.warnings.join('\n')).toContain('its trace could not be read');
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([expect.stringContaining('its trace could not be read')]);
  });

  it('without the saved state, leaves a comment holding an answer as it is: this run may never have taken it over', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('/approve', 'octocat'));
    const live = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->${approved}\n## ⏳ plan-runner: Gate\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body: live });
    await postStep(settings, damaged);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([live]);
  });
});

// The jobs of a fanned-out run share one comment, and the post step left it to the others whichever job it
// was. After a killed prepare job no job runs (they need it), and after the merge job none writes: with no
// trace to read, their comment stayed at ⏳ for good.
describe('a fanned-out run’s job killed with no trace', () => {
  const fanned = async (inputs: Readonly<Record<string, string>>) => {
    const settings = await settingsFor('pull_request', { number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: REPO }, inputs);
    const body = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->\n## ⏳ plan-runner: Gate\n\n- ⏳ 1. Multiply 6 by 7 · 2/4 items\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    await postStep(settings);
    return { body, comments: github.commentsOn('octo', 'app', 5).map((comment) => comment.body) };
  };

  it('the merge job’s comment says the run was cancelled', async () => {
    expect((await fanned({ mode: 'merge', prepared: '11' })).comments).toEqual([expect.stringContaining('it left no trace')]);
  });

  it('the prepare job’s comment says so too', async () => {
    expect((await fanned({ mode: 'prepare', shards: '2' })).comments).toEqual([expect.stringContaining('it left no trace')]);
  });

  it('a shard job’s comment is left to the other jobs, the merge job’s last', async () => {
    const { body, comments } = await fanned({ mode: 'shard', shard: '1', prepared: '11' });
    expect(comments).toEqual([body]);
  });
});

// A fork's pull request runs read-only, and its run writes no comment (admitRun; the token of
// pull_request_target can write). The post step does not know the run was read-only, and commented there.
describe("a killed run on a fork's pull request (pull_request_target)", () => {
  it('writes no PR comment, as the read-only run writes none', async () => {
    const fork = { ...PULL, head: { ...PULL.head, repo: { full_name: 'mallory/app' } } };
    const settings = await settingsFor('pull_request_target', { number: 5, sender: { login: 'maintainer', type: 'User' }, pull_request: fork, repository: REPO });
    await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5)).toEqual([]);
    // Nor from a trace it could read (its checklist, the fork's tool output in it).
    const plan = { name: 'Gate', revision: 1, steps: [{ key: 'a', id: 'a', type: 'tool_call' as const, tool: 'multiply', description: 'Step a', inputs: [], dependsOn: [] }] };
    await postStep(settings, `${JSON.stringify({ type: 'plan_created', at: 0, plan })}\n${JSON.stringify({ type: 'step_started', at: 1, stepKey: 'a' })}\n`);
    expect(github.commentsOn('octo', 'app', 5)).toEqual([]);
  });

  it('nor on a comment on it (issue_comment), whose pull request is read as the main step reads it', async () => {
    const fork = { ...PULL, head: { ...PULL.head, repo: { full_name: 'mallory/app' } } };
    github.pulls.set(5, { data: fork, files: [] });
    const settings = await settingsFor('issue_comment', commentEvent('run it', 'maintainer'));
    await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5)).toEqual([]);
  });

  it("a pull request from the repository's own branch still has its comment finished", async () => {
    const settings = await settingsFor('pull_request_target', { number: 5, sender: { login: 'maintainer', type: 'User' }, pull_request: PULL, repository: REPO });
    await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([expect.stringContaining('it left no trace')]);
  });
});

// Checked and found sound: where the main step writes no comment, or must no longer write it, nor does this report.
describe('the unread report leaves the comment', () => {
  it('of the run for a newer push', async () => {
    github.pulls.set(5, { data: { ...PULL, head: { ...PULL.head, sha: 'c'.repeat(40) } }, files: [] });
    const settings = await pullRequest();
    const body = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${'c'.repeat(40)} -->\n## ✅ plan-runner: Gate\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    const { said } = await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([body]);
    expect(said.summary).toContain('it left no trace');
  });

  it('with comment: never', async () => {
    const settings = await settingsFor('pull_request', { number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: PULL, repository: REPO }, { comment: 'never' });
    await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5)).toEqual([]);
  });
});

// Found by an adversarial hunt: the post step never asked who started the run. A run an outsider's event started
// (a comment, an issue) that the main step would have refused, but that was ended before it could (its permission
// lookups wait on GitHub's rate limits and timeouts; a cancel-in-progress concurrency group cancels it at the
// outsider's next comment), had its post step write "cancelled" over the plan's comment there, or open one.
describe('a run whose starter may not start one, killed before the main step refused it', () => {
  beforeEach(() => {
    github.pulls.set(5, { data: PULL, files: [] });
    github.permissions.set('stranger', 'read');
  });

  it('leaves the plan’s comment on the pull request as it is', async () => {
    const settings = await settingsFor('issue_comment', commentEvent('please run it', 'stranger'));
    const body = `${commentMarker(keyedPlanId(settings))}\n<!-- plan-runner-head: ${PULL.head.sha} -->\n## ✅ plan-runner: Gate\n\n**Finished: succeeded**\n`;
    await octokit().rest.issues.createComment({ owner: 'octo', repo: 'app', issue_number: 5, body });
    const { said } = await postStep(settings);
    expect(github.commentsOn('octo', 'app', 5).map((comment) => comment.body)).toEqual([body]);
    expect(said.log.join('\n')).toContain('No PR comment: who started this run may not start one');
    expect(said.summary).toContain('it left no trace');
  });

  it('opens no comment on an issue, nor for a bot the allowed-bots input does not list', async () => {
    const issue = { action: 'opened', issue: { number: 6, title: 'x', user: { login: 'stranger', type: 'User' } }, sender: { login: 'stranger', type: 'User' }, repository: REPO };
    await postStep(await settingsFor('issues', issue));
    const bot = { login: 'helper[bot]', type: 'Bot' };
    await postStep(await settingsFor('issues', { ...issue, issue: { ...issue.issue, user: bot }, sender: bot }));
    expect(github.commentsOn('octo', 'app', 6)).toEqual([]);
    // Someone with write access: the comment is written, as before.
    await postStep(await settingsFor('issues', { ...issue, issue: { ...issue.issue, user: { login: 'octocat', type: 'User' } }, sender: { login: 'octocat', type: 'User' } }));
    expect(github.commentsOn('octo', 'app', 6)).toEqual([expect.objectContaining({ body: expect.stringContaining('it left no trace') })]);
  });
});
