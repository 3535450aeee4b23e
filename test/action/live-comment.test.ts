import { commentWriterLine } from '../../src/action/comment-writer.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { liveComment } from '../../src/action/live-comment.ts';
import { readApprovalMarker, withApprovalMarker } from '../../src/action/approval-marker.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { COMMENT_MAX_CHARS } from '../../src/report/comment/render-comment.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { plan, RunScript, step } from '../report/summary-run-fixture.ts';
import { recordingIO } from './recording-io.ts';
import type { FinalReport } from '../../src/report/final-report.ts';
import { renderRejectedReport } from '../../src/report/rejected-report.ts';
import { renderRejectedPlan } from '../../src/report/rejected-plan-markdown.ts';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

let github: FakeGitHub;
let workspace: string;
beforeEach(async () => {
  github = await startFakeGitHub();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-live-comment-'));
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** The live comment of a pull request run (run 123456789012) on the fake GitHub. */
async function pullRequestComment(final: () => FinalReport | undefined = () => undefined, runner: Record<string, string> = {}) {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '123456789012', GITHUB_RUN_ATTEMPT: '1', ...runner };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  github.pulls.set(5, { data: { number: 5, head: { sha: 'b'.repeat(40) } }, files: [] });
  const { io } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const comment = await liveComment(read.settings, { github: octokit, io, redact: createRedactor(), clock: systemClock, final, minIntervalMs: 0 });
  expect(comment).toBeDefined();
  return comment!;
}

describe('the live PR comment', () => {
  // Found by an adversarial pass: a model's rejected plan longer than a comment was cut inside its code block,
  // which the cut left open, so the "For commit" line after it showed as code (and a fanned-out job's hidden
  // state, written after it too, showed as text).
  it('closes a code block its cut ends in: a rejected plan too long for the comment keeps what follows it out of the code', async () => {
    const errors = [{ path: 'steps[0].tool', message: 'no tool named fetch_everything' }];
    const answer = JSON.stringify({ steps: Array.from({ length: 2000, }, (_, i) => ({ id: `s${i}`, type: 'tool_call', tool: 'fetch_everything', description: 'fetch page '.repeat(4) })) }, null, 2);
    const markdown = [renderRejectedReport(errors, 'plan.yml', (t) => t), renderRejectedPlan({ attempts: [{ answer, errors }] }, (t) => t)].join('\n\n');
    expect(markdown.length).toBeGreaterThan(COMMENT_MAX_CHARS * 2);
    const final: FinalReport = { status: 'failed', reason: 'the plan was rejected (1 problem)', goals: [], markdown, planErrors: errors };
    const comment = await pullRequestComment(() => final);
    await comment.finish();
    const [posted] = github.commentsOn('octo', 'app', 5);
    expect(posted!.body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    const tree = fromMarkdown(posted!.body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
    const last = tree.children.at(-1)!;
    expect(last.type).toBe('paragraph');
    expect(JSON.stringify(last)).toContain(`For commit ${'b'.repeat(40)}.`);
    // The cut is marked, outside the code, and the code block before it ends with the plan's text.
    expect(tree.children.filter((node) => node.type === 'code')).toHaveLength(1);
    expect(JSON.stringify(tree.children.at(-2))).toContain('…');
  });

  // Found by a caps hunt: the link was added before the report's cut, so a report longer than a comment (a `mode: plan`
  // preview of 1,000 steps, a rejected plan) lost its way to the job summary that has the rest.
  it('links to the run after a report cut to the comment', async () => {
    const markdown = `## 📝 plan-runner: p — plan only, nothing was run\n\n${Array.from({ length: 2000 }, (_, i) => `- ⬜ s${i}. add — \`${'w'.repeat(100)}\``).join('\n')}\n`;
    const final: FinalReport = { status: 'succeeded', goals: [], markdown, planErrors: [] };
    const comment = await pullRequestComment(() => final);
    await comment.finish();
    const [posted] = github.commentsOn('octo', 'app', 5);
    expect(posted!.body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(posted!.body).toContain('\n…\n[View the run](https://github.com/octo/app/actions/runs/123456789012)');
  });

  it('stays within GitHub’s 65,536 characters when the neutraliser lengthens what the renderer fitted', async () => {
    const comment = await pullRequestComment();
    // 900 steps whose results are full of mentions and references: each gains a zero-width space.
    const steps = Array.from({ length: 900 }, (_, i) => step(String(i + 1), `step ${i + 1}`));
    const script = new RunScript(plan(steps));
    for (const s of steps) script.complete(s.key, '@a#1'.repeat(50));
    for (const event of script.events) comment.listener(event);
    await comment.finish();
    const [posted] = github.commentsOn('octo', 'app', 5);
    expect(posted!.body.length).toBeGreaterThan(COMMENT_MAX_CHARS / 2);
    expect(posted!.body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(posted!.body).toContain('8. step 898 → \\@\u200Ba\\#\u200B1');
  });

  // Found by an adversarial pass: a paused run of 900 steps left a waiting comment of 65,518 characters, and the
  // answer an `/approve` writes into its marker (`"by":` and the login) took it past 65,536. GitHub refused the
  // write, so nothing ran, and every later `/approve` was refused the same way.
  it('leaves room in a waiting comment for the answer an /approve records there', async () => {
    const comment = await pullRequestComment();
    const steps = Array.from({ length: 900 }, (_, i) => step(String(i + 1), `step ${i + 1}`));
    const snapshot = plan(steps);
    const script = new RunScript(snapshot);
    for (const s of steps.slice(0, -1)) script.complete(s.key, 'x'.repeat(120));
    const hash = 'a'.repeat(64);
    script.events.push({ type: 'step_waiting', at: 99_000, stepKey: '900', reason: 'needs approval' });
    script.events.push({ type: 'approval_requested', at: 99_000, request: { hash, planFileHash: 'b'.repeat(64), plan: snapshot, pending: [] } });
    script.events.push({ type: 'run_finished', at: 100_000, status: 'awaiting-approval', durationMs: 100_000, usage: NO_USAGE });
    for (const event of script.events) comment.listener(event);
    await comment.finish();
    const [posted] = github.commentsOn('octo', 'app', 5);
    expect(readApprovalMarker(posted!.body)).toEqual({ state: 'awaiting', runId: 123456789012, hash });
    expect(posted!.body.length).toBeGreaterThan(COMMENT_MAX_CHARS - 1024);
    // What `recordAnswer` writes for an answer by a login of GitHub's longest, 39 characters.
    const answered = withApprovalMarker(posted!.body, { state: 'approved', hash, by: 'a'.repeat(39), runId: 123456789012 });
    expect(answered).toBeDefined();
    expect(answered!.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
  });
});

describe('the live PR comment of a run a push has superseded', () => {
  const newer = 'c'.repeat(40);
  /** A job on a runner (workflow run 123456789012): its comment names it in a hidden writer line. */
  const ON_A_RUNNER = { GITHUB_JOB: 'plan', RUNNER_NAME: 'GitHub Actions 1' };
  /** The hidden writer line of a job of workflow run `run`. */
  const writerOf = (run: string): string => commentWriterLine({ run, attempt: '1', job: 'plan', runner: 'GitHub Actions 2', from: Date.now() });

  /** A run of two steps that writes its comment at ⏳, after which a push moves the pull request to `newer`. */
  async function supersededRun() {
    let ended: FinalReport | undefined;
    const comment = await pullRequestComment(() => ended, ON_A_RUNNER);
    const steps = [step('1', 'first'), step('2', 'second', ['1'])];
    const script = new RunScript(plan(steps)).complete('1', 'one');
    for (const event of script.events) comment.listener(event);
    await comment.flush();
    expect(github.commentsOn('octo', 'app', 5).map((left) => left.body)).toEqual([expect.stringContaining('⏳')]);
    github.pulls.set(5, { data: { number: 5, head: { sha: newer } }, files: [] });
    const end = () => (ended = { status: 'succeeded', goals: [], markdown: '', planErrors: [] });
    return { comment, script, seen: script.events.length, end };
  }

  // Found by a hunting pass: writes stopped at the push, so when the newer commit had no run of its own (a path
  // filter, a push by a workflow's token) the comment showed this run at ⏳ for good.
  it('writes its final state, saying the commit is no longer the head, when no run of the newer commit has written the comment', async () => {
    const { comment, script, seen, end } = await supersededRun();
    script.complete('2', 'two').finish('succeeded');
    for (const event of script.events.slice(seen)) comment.listener(event);
    end();
    await comment.finish();
    const [only, ...others] = github.commentsOn('octo', 'app', 5);
    expect(others).toEqual([]);
    expect(only!.body).toContain('**Finished: succeeded**');
    expect(only!.body).not.toContain('⏳');
    expect(only!.body).toContain(`For commit ${'b'.repeat(40)}, which is no longer the head of the pull request (now ${newer}).`);
  });

  // Found by an adversarial hunt: pushes in quick succession spend the token's requests, and a superseded run whose read of
  // the pull request's head failed took itself for the head: its final state went over the newer commit's run, and the
  // comment named the old commit.
  it('leaves the comment to a run of another commit that has written it when GitHub cannot say the head', async () => {
    const { comment, script, seen, end } = await supersededRun();
    const left = github.commentsOn('octo', 'app', 5)[0]!;
    const newerBody = `${left.body.split('\n', 1)[0]}\n<!-- plan-runner-head: ${newer} -->${writerOf('123456789013')}\n### ⏳ plan-runner: Newer\n\nFor commit ${newer}.`;
    left.body = newerBody;
    github.fail('pulls/get', ...Array.from({ length: 10 }, () => ({ status: 502 })));
    script.complete('2', 'two').finish('succeeded');
    for (const event of script.events.slice(seen)) comment.listener(event);
    end();
    await comment.finish();
    expect(github.commentsOn('octo', 'app', 5).map((kept) => kept.body)).toEqual([newerBody]);
  });

  it('leaves it so from its first write on, before it knows the comment by its id', async () => {
    const newerBody = `<!-- plan-runner: plan.yml -->\n<!-- plan-runner-head: ${newer} -->${writerOf('123456789013')}\n### ⏳ plan-runner: Newer\n\nFor commit ${newer}.`;
    github.addComment('octo', 'app', 5, newerBody);
    github.fail('pulls/get', ...Array.from({ length: 10 }, () => ({ status: 502 })));
    const ended: { report?: FinalReport } = {};
    const comment = await pullRequestComment(() => ended.report, ON_A_RUNNER);
    const script = new RunScript(plan([step('1', 'first')])).complete('1', 'one').finish('succeeded');
    for (const event of script.events) comment.listener(event);
    ended.report = { status: 'succeeded', goals: [], markdown: '', planErrors: [] };
    await comment.finish();
    expect(github.commentsOn('octo', 'app', 5).map((kept) => kept.body)).toEqual([newerBody]);
  });

  // Found by the review of that fix: every push finds the last push's comment, and the newest commit's run whose first read
  // of the head failed left the comment to that older run for good; it showed the older commit's result, not the head's.
  it.each([
    ['an older workflow run’s comment', () => writerOf('123456789011')],
    ['the comment of a run it cannot place (no writer line)', () => ''],
  ])('writes over %s, of another commit, when GitHub cannot say the head', async (_, writer) => {
    const older = 'a'.repeat(40);
    const olderBody = `<!-- plan-runner: plan.yml -->\n<!-- plan-runner-head: ${older} -->${writer()}\n### ✅ plan-runner: Finished: succeeded\n\nFor commit ${older}.`;
    const { id } = github.addComment('octo', 'app', 5, olderBody);
    github.fail('pulls/get', ...Array.from({ length: 10 }, () => ({ status: 502 })));
    const ended: { report?: FinalReport } = {};
    const comment = await pullRequestComment(() => ended.report, ON_A_RUNNER);
    const script = new RunScript(plan([step('1', 'first')])).complete('1', 'one').finish('failed');
    for (const event of script.events) comment.listener(event);
    ended.report = { status: 'failed', goals: [], markdown: '', planErrors: [] };
    await comment.finish();
    const [kept, ...others] = github.commentsOn('octo', 'app', 5);
    expect(others).toEqual([]);
    expect(kept!.id).toBe(id);
    expect(kept!.body).toContain(`For commit ${'b'.repeat(40)}`);
    expect(kept!.body).toContain('**Finished: failed**');
  });

  it('writes as usual when GitHub cannot say the head and the comment still shows this run’s commit', async () => {
    const ended: { report?: FinalReport } = {};
    const comment = await pullRequestComment(() => ended.report);
    const script = new RunScript(plan([step('1', 'first')])).complete('1', 'one');
    for (const event of script.events) comment.listener(event);
    await comment.flush();
    github.fail('pulls/get', ...Array.from({ length: 10 }, () => ({ status: 502 })));
    const seen = script.events.length;
    script.finish('succeeded');
    for (const event of script.events.slice(seen)) comment.listener(event);
    ended.report = { status: 'succeeded', goals: [], markdown: '', planErrors: [] };
    await comment.finish();
    const [only] = github.commentsOn('octo', 'app', 5);
    expect(only!.body).toContain('**Finished: succeeded**');
    expect(only!.body).toContain(`For commit ${'b'.repeat(40)}.`);
  });

  it('leaves the comment to the newer commit’s run once that run has written it', async () => {
    const { comment, script, seen, end } = await supersededRun();
    const left = github.commentsOn('octo', 'app', 5)[0]!;
    const newerBody = `${left.body.split('\n', 1)[0]}\n<!-- plan-runner-head: ${newer} -->${writerOf('123456789013')}\n### ⏳ plan-runner: Newer\n\nFor commit ${newer}.`;
    left.body = newerBody;
    script.complete('2', 'two').finish('succeeded');
    for (const event of script.events.slice(seen)) comment.listener(event);
    end();
    await comment.finish();
    expect(github.commentsOn('octo', 'app', 5).map((kept) => kept.body)).toEqual([newerBody]);
  });
});
