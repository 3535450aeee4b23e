import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { hang, startChatServer, textAnswer } from '../helpers/chat-server.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { BROKEN_PLAN, mathPlan, REVIEW_PLAN, WAITING_PLAN } from './plans.ts';
import { HEAD_SHA, pullRequestEvent, REPO } from './pull-request-event.ts';
import { removeActionRuns, runActionBundle, RUNNER_TOKEN, startAction, type ActionRunOptions } from './start-action.ts';

let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const PLAN = '.github/plan.yml';
const MARKER = `<!-- plan-runner: ${PLAN} -->`;
const RUN_URL = `https://github.com/${REPO.owner}/${REPO.name}/actions/runs/4242`;

// Concurrent tests must register clean-up on their own context, not through the global hook.
async function fakeGitHub(context: TestContext): Promise<FakeGitHub> {
  const github = await startFakeGitHub();
  context.onTestFinished(() => github.stop());
  return github;
}

function commentsOn(github: FakeGitHub, number: number): string[] {
  return github.commentsOn(REPO.owner, REPO.name, number).map((comment) => comment.body);
}

function options(extra: Omit<ActionRunOptions, 'entry'>): ActionRunOptions {
  return { entry: bundle.entry, ...extra };
}

// GitHub's write spacing (a second between content writes) makes each run take seconds, more under load.
describe.concurrent('the action bundle, run with the environment a runner gives it', { timeout: 90_000 }, () => {
  it('keeps one PR comment per plan: created once, then only edited, also across re-runs', async (context) => {
    const github = await fakeGitHub(context);
    const chat = await startChatServer(() => textAnswer('The crash on start is fixed.', { usage: { prompt_tokens: 1200, completion_tokens: 300 } }));
    context.onTestFinished(() => chat.close());
    const apiKey = `sk-test-${randomBytes(12).toString('hex')}1`;
    const run = options({
      files: { [PLAN]: REVIEW_PLAN, 'notes.txt': 'Fixed the crash on start.\n' },
      // A model in the built-in price table ($0.40 in, $1.60 out per million tokens), so the run has a cost.
      inputs: { 'base-url': chat.baseURL, 'api-key': apiKey, model: 'gpt-4.1-mini' },
      event: { name: 'pull_request', payload: pullRequestEvent(7) },
      githubUrl: github.url,
    });

    const first = await runActionBundle(run);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true', result: 'The crash on start is fixed.' });
    // One model call (the reasoning step), with the usage the endpoint reported: 1200 × 0.40 + 300 × 1.60 per million.
    expect(first.outputs).toMatchObject({ 'model-calls': '1', 'prompt-tokens': '1200', 'completion-tokens': '300', 'cost-usd': '0.00096' });
    expect(first.outputs['duration-seconds']).toMatch(/^\d+(\.\d)?$/);
    expect(chat.requests[0]?.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(github.requestsTo('issues/create-comment')).toHaveLength(1);
    expect(github.requestsTo('issues/update-comment').length).toBeGreaterThan(0);
    const [body] = commentsOn(github, 7);
    expect(body?.startsWith(MARKER)).toBe(true);
    expect(body).toContain('2/2 complete, 0 failed');
    expect(body).toContain('**Finished: succeeded**');
    expect(body).toContain('| ✅ | mentions the fix | required | met |');
    expect(body).toContain(`[View the run](${RUN_URL})`);
    expect(first.summary).toContain('## ✅ plan-runner: PR review');
    expect(first.summary).toContain('### Goals — 2/2 goals met');
    expect(first.summary).toContain('```mermaid');
    expect(await readFile(first.outputs['report']!, 'utf8')).toBe(first.summary);
    expect(first.trace.trim().split('\n').map((line) => (JSON.parse(line) as { type: string }).type).slice(-2)).toEqual(['run_finished', 'goals_checked']);
    expect(first.stdout).toMatch(/^::group::✅ Step notes: Read the release notes — completed/m);

    const second = await runActionBundle(run);
    expect(second.exitCode, second.stdout).toBe(0);
    expect(commentsOn(github, 7)).toHaveLength(1);
    expect(github.requestsTo('issues/create-comment')).toHaveLength(1);
    expect(github.requests.every((request) => request.authorization === `token ${RUNNER_TOKEN}`)).toBe(true);
    expect(github.violations).toEqual([]);
  });

  // A GITHUB_TOKEN has 1,000 requests an hour for the repository; a comment written every second (with the
  // pull request's head read before each write) spent them in minutes, and then the run's final comment failed.
  it('writes the comment less often when the token has few requests left, and still writes the final state', async (context) => {
    const github = await fakeGitHub(context);
    github.rateLimit = { limit: 1000, remaining: 150, resetAt: Math.floor(Date.now() / 1000) + 3600 };
    // The model answers after 2.5 s: a run that wrote every second would edit the comment while it waits.
    const chat = await startChatServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      return textAnswer('The crash on start is fixed.');
    });
    context.onTestFinished(() => chat.close());
    const run = await runActionBundle(
      options({
        files: { [PLAN]: REVIEW_PLAN, 'notes.txt': 'Fixed the crash on start.\n' },
        inputs: { 'base-url': chat.baseURL, 'api-key': 'sk-test-key', model: 'gpt-4.1-mini' },
        event: { name: 'pull_request', payload: pullRequestEvent(7) },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode, run.stderr).toBe(0);
    // Fifty requests above the reserve of 100: a write every 480 s at most, so only the first and the last.
    expect(github.requestsTo('issues/create-comment')).toHaveLength(1);
    expect(github.requestsTo('issues/update-comment')).toHaveLength(1);
    expect(commentsOn(github, 7)[0]).toContain('**Finished: succeeded**');
    expect(github.violations).toEqual([]);
  });

  it('fails the job on an unmet required goal, with the table, an annotation and a failed check run', async (context) => {
    const github = await fakeGitHub(context);
    const run = await runActionBundle(
      options({
        files: { [PLAN]: mathPlan('  - name: the answer is 12\n    equals: "12"\n') },
        inputs: { 'check-run': 'true' },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode).not.toBe(0);
    expect(run.outputs).toMatchObject({ status: 'goals-unmet', 'goals-met': 'false', result: '11' });
    expect(run.summary).toContain('| ❌ | the answer is 12 | required | unmet |');
    // On the goal's line in the plan file (line 15 of mathPlan).
    expect(run.stdout).toMatch(/^::error title=Goal not met%3A the answer is 12,file=\.github\/plan\.yml,line=15::Goal not met/m);
    expect(github.checkRuns).toEqual([
      expect.objectContaining({ name: 'Arithmetic', head_sha: HEAD_SHA, status: 'completed', conclusion: 'failure' }),
    ]);
    expect(JSON.stringify(github.checkRuns[0]?.['output'])).toContain('the answer is 12');
    expect(github.requestsTo('checks/create')[0]?.body).toMatchObject({ status: 'in_progress' });
    expect(github.violations).toEqual([]);
  });

  it('completes the check run although GitHub answers the final PATCH with a 502 once', async (context) => {
    const github = await fakeGitHub(context);
    github.fail('checks/update', { status: 502, body: { message: 'Server Error' } });
    const run = await runActionBundle(
      options({ files: { [PLAN]: mathPlan('  - name: the answer is 11\n    equals: "11"\n') }, inputs: { 'check-run': 'true' }, githubUrl: github.url }),
    );
    expect(run.exitCode, run.stdout).toBe(0);
    expect(github.requestsTo('checks/update').map((request) => request.status)).toEqual([502, 200]);
    expect(github.checkRuns).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'success' })]);
    expect(github.violations).toEqual([]);
  });

  it('passes the job when only a warning goal is unmet, and completes the check run as a success', async (context) => {
    const github = await fakeGitHub(context);
    const run = await runActionBundle(
      options({
        files: { [PLAN]: mathPlan('  - name: the answer is 11\n    equals: "11"\n  - name: mentions twelve\n    contains: "12"\n    severity: warning\n') },
        inputs: { 'check-run': 'true' },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({ status: 'succeeded', 'goals-met': 'true' });
    expect(run.summary).toContain('| ⚠️ | mentions twelve | warning | unmet (warning) |');
    expect(github.checkRuns).toEqual([expect.objectContaining({ conclusion: 'success', status: 'completed' })]);
    expect(github.violations).toEqual([]);
  });

  it('annotates a plan syntax error on its line, fails, and still writes the summary and the comment', async (context) => {
    const github = await fakeGitHub(context);
    const run = await runActionBundle(
      options({ files: { [PLAN]: BROKEN_PLAN }, event: { name: 'pull_request', payload: pullRequestEvent(8) }, githubUrl: github.url }),
    );
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toMatch(/^::error title=Plan file error,file=\.github\/plan\.yml,line=\d+,col=\d+::/m);
    expect(run.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false', result: '' });
    expect(run.summary).toContain('the plan was rejected before any step ran');
    expect(run.summary).toMatch(/^- `\.github\/plan\.yml:\d+:\d+` — YAML/m);
    expect(commentsOn(github, 8)).toEqual([expect.stringContaining('the plan was rejected')]);
    expect(github.violations).toEqual([]);
  });

  it('replaces a token from a tool result and the API key by *** in every channel', async (context) => {
    const github = await fakeGitHub(context);
    const leaked = `ghp_${randomBytes(18).toString('hex')}`;
    const apiKey = `sk-test-${randomBytes(12).toString('hex')}2`;
    const chat = await startChatServer(() => textAnswer(`The crash is fixed; the debug token was ${leaked} and the key ${apiKey}.`));
    context.onTestFinished(() => chat.close());
    const run = await runActionBundle(
      options({
        files: { [PLAN]: REVIEW_PLAN, 'notes.txt': `Fixed the crash. Debug token: ${leaked}\n` },
        inputs: { 'base-url': chat.baseURL, 'api-key': apiKey },
        event: { name: 'pull_request', payload: pullRequestEvent(9) },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode, run.stderr).toBe(0);
    // `::add-mask::` lines are how the runner learns what to hide; it never shows them.
    expect(run.stdout).toContain(`::add-mask::${apiKey}`);
    const log = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => !line.startsWith('::add-mask::')).join('\n');
    const bodies = github.requests.map((request) => JSON.stringify(request.body ?? ''));
    const channels = { log, summary: run.summary, outputs: JSON.stringify(run.outputs), trace: run.trace, comments: bodies.join('\n') };
    // Pieces too: a secret cut short by an excerpt no longer looks like one to a redactor.
    const pieces = [leaked.slice(4, 16), leaked.slice(-12), apiKey.slice(8, 20), apiKey.slice(-12)];
    for (const [channel, text] of Object.entries(channels)) {
      for (const piece of pieces) expect(text, channel).not.toContain(piece);
    }
    expect(run.outputs['result']).toBe('The crash is fixed; the debug token was *** and the key ***.');
    expect(run.summary).toContain('Debug token: \\*\\*\\*');
    expect(commentsOn(github, 9)[0]).toContain('Debug token: \\*\\*\\*');
  });

  it('on SIGTERM cancels the run and still writes the outputs, the summary and the final comment', async (context) => {
    const github = await fakeGitHub(context);
    const running = await startAction(
      options({ files: { [PLAN]: WAITING_PLAN }, event: { name: 'pull_request', payload: pullRequestEvent(10) }, githubUrl: github.url }),
    );
    await running.printed(/⏳ 1\. Wait for the slow service/);
    running.child.kill('SIGTERM');
    const run = await running.finished;
    expect(run.exitCode).not.toBe(0);
    expect(run.outputs).toMatchObject({ status: 'cancelled', 'goals-met': 'false' });
    expect(run.summary).toContain('cancelled');
    expect(commentsOn(github, 10)).toEqual([expect.stringContaining('**Finished: cancelled')]);
    expect(github.violations).toEqual([]);
  });

  it('reports a cancel that arrives while the goals are checked as cancelled, not as unmet goals', async (context) => {
    const github = await fakeGitHub(context);
    let judging: () => void = () => {};
    const judged = new Promise<void>((resolve) => (judging = resolve));
    const chat = await startChatServer(() => {
      judging();
      return hang();
    });
    context.onTestFinished(() => chat.close());
    const running = await startAction(
      options({
        files: { [PLAN]: mathPlan('  - name: the answer is right\n    judge: The answer is 11.\n') },
        inputs: { 'base-url': chat.baseURL, 'api-key': `sk-test-${randomBytes(12).toString('hex')}3`, 'check-run': 'true' },
        event: { name: 'pull_request', payload: pullRequestEvent(13) },
        githubUrl: github.url,
      }),
    );
    await judged;
    running.child.kill('SIGTERM');
    const run = await running.finished;
    expect(run.exitCode).not.toBe(0);
    expect(run.outputs).toMatchObject({ status: 'cancelled', 'goals-met': 'false' });
    expect(run.summary).toContain('cancelled while the goals were being checked');
    expect(github.checkRuns).toEqual([expect.objectContaining({ status: 'completed', conclusion: 'cancelled' })]);
    expect(commentsOn(github, 13)).toEqual([expect.stringContaining('**Finished: cancelled')]);
    expect(github.violations).toEqual([]);
  });

  it('finishes and writes the summary while the comment endpoint answers 403 with retry-after, then 500, then hangs', async (context) => {
    const github = await fakeGitHub(context);
    github.fail(
      'issues/create-comment',
      { status: 403, headers: { 'retry-after': '1' }, body: { message: 'You have exceeded a secondary rate limit' } },
      { status: 500 },
      { hang: true },
    );
    const run = await runActionBundle(
      options({
        files: { [PLAN]: mathPlan('  - name: the answer is 11\n    equals: "11"\n') },
        event: { name: 'pull_request', payload: pullRequestEvent(11) },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode).toBe(0);
    expect(run.outputs['status']).toBe('succeeded');
    expect(run.summary).toContain('## ✅ plan-runner: Arithmetic');
    expect(run.stdout).toMatch(/^::warning::GitHub secondary rate limit on POST .*retrying in 1 s/m);
    expect(github.requestsTo('issues/create-comment').map((request) => request.status)).toEqual([403, 500, undefined, 201]);
    expect(commentsOn(github, 11)).toEqual([expect.stringContaining('**Finished: succeeded**')]);
    expect(github.violations).toEqual([]);
  }, 60_000);

  it('writes no comment on a pull request from a fork, and the goals still decide', async (context) => {
    const github = await fakeGitHub(context);
    const run = await runActionBundle(
      options({
        files: { [PLAN]: mathPlan('  - name: the answer is 12\n    equals: "12"\n') },
        event: { name: 'pull_request', payload: pullRequestEvent(12, { fork: true }) },
        githubUrl: github.url,
      }),
    );
    expect(run.exitCode).not.toBe(0);
    expect(run.outputs['status']).toBe('goals-unmet');
    expect(run.stdout).toContain('Read-only run: the pull request comes from a fork');
    expect(run.summary).toContain('**Read-only run:** the pull request comes from a fork');
    // Only the check of who opened the pull request: no comment, no check run.
    expect(github.requests.map((request) => request.operationId)).toEqual(['repos/get-collaborator-permission-level']);
    expect(run.summary).toContain('| ❌ | the answer is 12 |');
  });

  it('rejects bad inputs with one clear message per input, and sets status=failed', async () => {
    const run = await runActionBundle(options({ files: { [PLAN]: mathPlan('') }, inputs: { comment: 'sometimes', inputs: '[1, 2]' } }));
    expect(run.exitCode).not.toBe(0);
    expect(run.stdout).toContain(`input 'comment': expected auto, always or never, got \\"sometimes\\"`.replace(/\\"/g, '"'));
    expect(run.stdout).toContain("input 'inputs': expected a map of input names to values");
    expect(run.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false' });
  });
});
