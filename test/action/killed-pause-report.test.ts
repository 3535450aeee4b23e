import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings, type ActionSettings } from '../../src/action/action-settings.ts';
import { checkRunName } from '../../src/action/check-run-name.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { readApprovalMarker } from '../../src/action/approval-marker.ts';
import { TRACE_STARTED_STATE } from '../../src/action/trace-started.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { HEAD_SHA, pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { recordingIO } from './recording-io.ts';

// A read, then a write with side effects: approval: side-effects pauses before the write. No goal, so a pause alone
// never fails the job.
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

const PR = 7;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-killed-pause-'));
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

async function settingsFor(): Promise<ActionSettings> {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const eventPath = path.join(workspace, 'event.json');
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(PR)));
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true' };
  const env = {
    GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`,
    GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1',
  };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

/**
 * The main step runs to its pause and leaves its trace; then it is taken as killed before its reports (while it
 * waited for the comment's final write): the post step finishes the run from that trace, with the check run it left
 * in progress.
 */
async function pauseThenKill(settings: ActionSettings, reported = false, beforePost = () => {}) {
  const saved = new Map<string, string>();
  const main = await runAction(settings, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, github: octokit(), commentIntervalMs: 0, saveState: (name, value) => saved.set(name, value) });
  await main.published;
  beforePost();
  github.checkRuns.length = 0;
  github.checkRuns.push({ id: 907, name: await checkRunName(settings), head_sha: HEAD_SHA, status: 'in_progress', details_url: 'https://github.com/octo-org/hello-world/actions/runs/4242' });
  const { io, said } = recordingIO();
  expect(await finishKilledRun(settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit(), checkRunId: 907, traceStarted: saved.get(TRACE_STARTED_STATE), ...(reported && { reported }) })).toBe(true);
  // The report file the post step wrote over the main step's.
  const report = await readFile(main.outputs.report, 'utf8');
  return { said, report };
}

describe('the post step of a main step killed after its run paused', () => {
  // Found by an adversarial pass: the main step fails a pause its comment does not show (no /approve can find it), but
  // killed while it waited for that comment's final write, its post step wrote the report from the trace as a plain
  // pause: the summary said to comment /approve, and the check run ended action_required, waiting for good.
  it('fails the run, saying no /approve can reach it, when its comment could not show the pause', async () => {
    const settings = await settingsFor();
    github.fail('issues/create-comment', ...Array.from({ length: 100 }, () => ({ status: 403, body: { message: 'Resource not accessible by integration' } })));
    const { said, report } = await pauseThenKill(settings);
    expect(github.commentsOn(REPO.owner, REPO.name, PR)).toEqual([]);
    expect(said.summary).toContain('no /approve can reach it');
    expect(said.summary).not.toContain('`/approve`');
    expect(said.summary).not.toContain('Awaiting approval');
    expect(report).toMatch(/^## ❌ plan-runner: Publish/);
    expect(report).not.toContain('`/approve`');
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, status: 'completed', conclusion: 'failure' })]);
  });

  it('ends the check run it left as failure, not action_required, when killed after its reports', async () => {
    const settings = await settingsFor();
    github.fail('issues/create-comment', ...Array.from({ length: 100 }, () => ({ status: 403, body: { message: 'Resource not accessible by integration' } })));
    const { said } = await pauseThenKill(settings, true);
    // The main step's summary (failed, no /approve can reach it) stands: the post step writes none.
    expect(said.summary).toBe('');
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, status: 'completed', conclusion: 'failure' })]);
    expect(String((github.checkRuns[0]!['output'] as { summary?: string } | undefined)?.summary)).toContain('no /approve can reach it');
  });

  it('keeps the approval instructions when its comment shows the pause', async () => {
    const settings = await settingsFor();
    const { said, report } = await pauseThenKill(settings);
    const comments = github.commentsOn(REPO.owner, REPO.name, PR);
    expect(comments).toHaveLength(1);
    expect(readApprovalMarker(comments[0]!.body)).toMatchObject({ state: 'awaiting', runId: 4242 });
    expect(said.summary).toContain('`/approve`');
    expect(said.summary).not.toContain('no /approve can reach it');
    expect(report).toMatch(/^## ⏸️ plan-runner: Publish/);
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, status: 'completed', conclusion: 'action_required' })]);
  });

  // Found by an adversarial pass: only this job's own accepted writes counted, so a post step whose rewrite of the
  // comment GitHub refused with a 503 failed a pause the main step's write showed, and /approve would have continued.
  it('keeps the pause when its own rewrite of the comment fails and the comment, read now, shows it', async () => {
    const settings = await settingsFor();
    const { said, report } = await pauseThenKill(settings, false, () => github.fail('issues/update-comment', ...Array.from({ length: 100 }, () => ({ status: 503 }))));
    expect(github.requestsTo('issues/update-comment').map((request) => request.status)).toContain(503);
    expect(readApprovalMarker(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body)).toMatchObject({ state: 'awaiting', runId: 4242 });
    expect(said.summary).toContain('`/approve`');
    expect(said.summary).not.toContain('no /approve can reach it');
    expect(report).toMatch(/^## ⏸️ plan-runner: Publish/);
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, status: 'completed', conclusion: 'action_required' })]);
  });

  it('fails the pause when its rewrite fails and the comment cannot be read now', async () => {
    const settings = await settingsFor();
    const { said } = await pauseThenKill(settings, false, () => {
      github.fail('issues/update-comment', ...Array.from({ length: 100 }, () => ({ status: 503 })));
      github.fail('issues/get-comment', ...Array.from({ length: 100 }, () => ({ status: 503 })));
    });
    expect(said.summary).toContain('no /approve can reach it');
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, conclusion: 'failure' })]);
  });

  it('fails the pause when its rewrite fails and another run’s pause at the same steps has taken the comment over', async () => {
    const settings = await settingsFor();
    const { said } = await pauseThenKill(settings, false, () => {
      const comment = github.commentsOn(REPO.owner, REPO.name, PR)[0]!;
      comment.body = comment.body.replace('"runId":4242', '"runId":5151');
      github.fail('issues/update-comment', ...Array.from({ length: 100 }, () => ({ status: 503 })));
    });
    expect(readApprovalMarker(github.commentsOn(REPO.owner, REPO.name, PR)[0]!.body)).toMatchObject({ state: 'awaiting', runId: 5151 });
    expect(github.requestsTo('issues/get-comment').map((request) => request.status)).toContain(200);
    expect(said.summary).toContain('no /approve can reach it');
    expect(github.checkRuns).toEqual([expect.objectContaining({ id: 907, conclusion: 'failure' })]);
  });
});
