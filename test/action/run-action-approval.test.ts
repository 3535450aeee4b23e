import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { recordingIO } from './recording-io.ts';

// A write (a command tool with side effects that appends to a file) after a read.
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
goals:
  - name: published
    command: ["test", "-s", "published.txt"]
`;

const PR = 7;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-approval-action-'));
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** Runs the action on a pull request, where plan-runner's comment shows a pause (`event: 'push'`: on a push, which has none). */
async function run(plan: string | undefined, inputs: Record<string, string> = {}, event: 'pull_request' | 'push' = 'pull_request') {
  if (plan !== undefined) await writeFile(path.join(workspace, 'plan.yml'), plan);
  const eventPath = path.join(workspace, '..', `${path.basename(workspace)}-event.json`);
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(PR)));
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const env = event === 'push' ? { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'push' } : {
    GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`,
    GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1',
  };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, github: octokit, commentIntervalMs: 0 });
  await result.published;
  await rm(eventPath, { force: true });
  return { result, said };
}

describe('the action pausing for approval', () => {
  it('ends awaiting-approval with the write not made, the summary saying what waits and how to approve, and the gate failed', async () => {
    const { result, said } = await run(PLAN);
    // The plan has a required goal, so the job is a gate, and its goals were not checked: it fails (fail closed).
    expect(result.failure).toMatch(/^The run is paused for approval, so its goals were not checked, and a gate whose goals were not checked does not pass\. \/approve continues the run/);
    expect(result.outputs).toMatchObject({ status: 'awaiting-approval', 'goals-met': 'false' });
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(said.summary).toContain('⏸️ plan-runner: Publish');
    expect(said.summary).toContain('Goals are not checked yet');
    expect(said.summary).toContain('2. publish — calls `publish` with `{"total":42}`');
    expect(said.summary).toContain('`/approve`');
    const trace = (await readFile(result.outputs.trace, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { type: string; request?: { hash: string } });
    const requested = trace.find((event) => event.type === 'approval_requested');
    expect(said.summary).toContain(`Approval hash: \`${requested?.request?.hash}\``);
    // Goals were not judged: no verdict says "unmet".
    expect(trace.some((event) => event.type === 'goals_checked')).toBe(false);
  });
});

describe('a paused run that is no gate', () => {
  it('passes the job when the plan has no required goal: nothing failed, and nothing was to be judged', async () => {
    for (const plan of [PLAN.replace(/goals:[\s\S]*$/, ''), PLAN.replace('  - name: published', '  - name: published\n    severity: warning')]) {
      const { result } = await run(plan);
      expect(result.outputs).toMatchObject({ status: 'awaiting-approval', 'goals-met': 'false' });
      expect(result.failure).toBeUndefined();
    }
  });

  it('fails it with required goals under fail-on-unmet-goals: true only', async () => {
    const { result } = await run(PLAN, { 'fail-on-unmet-goals': 'false' });
    expect(result.failure).toBeUndefined();
  });
});

describe('mode: plan writes a frozen plan file', () => {
  it('sets plan-file to a plan that mode: run executes as written', async () => {
    const planned = await run(PLAN.replace('approval: side-effects', 'approval: never'), { mode: 'plan' });
    expect(planned.result.failure).toBeUndefined();
    const frozen = planned.result.outputs['plan-file'];
    expect(frozen).toMatch(/plan-yml-[0-9a-f]{8}\.plan\.yml$/);
    await writeFile(path.join(workspace, 'frozen-plan.yml'), await readFile(frozen, 'utf8'));
    const ran = await run(undefined, { plan: 'frozen-plan.yml' });
    expect(ran.result.outputs).toMatchObject({ status: 'succeeded', 'plan-file': '' });
    expect(JSON.parse(await readFile(path.join(workspace, 'published.txt'), 'utf8'))).toEqual({ total: 42 });
  });
});

describe('a plan that may pause where no /approve could reach it', () => {
  // Found by an adversarial pass: the run paused and its summary said to comment /approve, which finds a paused
  // run only through plan-runner's comment, and there was none: it waited for good.
  const refusal = /this plan may pause for approval \((approval: side-effects, and it may call publish, a tool with side effects|step 2's approval: true)\), and no \/approve could ever reach a run paused here: an approving job finds the paused run through plan-runner's PR comment, and this run has none \((.*)\)\. Run it where plan-runner comments .* or set approval: never .* Nothing ran/;

  it('is refused before any step runs, saying why and what to do: comment: never, a push, a step’s approval: true', async () => {
    const stepAsks = PLAN.replace('approval: side-effects\n', '').replace("args: { total: { step_result: 1 } } }", "args: { total: { step_result: 1 } }, approval: true }");
    for (const [plan, inputs, event, why] of [
      [PLAN, { comment: 'never' }, 'pull_request', 'comment is never'],
      [PLAN, {}, 'push', 'the push event has no pull request or issue to comment on'],
      [stepAsks, { comment: 'never' }, 'pull_request', 'comment is never'],
    ] as const) {
      const { result, said } = await run(plan, inputs, event);
      expect(result.outputs.status).toBe('failed');
      expect(result.failure).toMatch(/^The run was refused before any step ran/);
      const error = said.annotations.find((annotation) => annotation.level === 'error')?.message ?? '';
      expect(error).toMatch(refusal);
      expect(refusal.exec(error)?.[2]).toBe(why);
      expect(said.summary).toContain('no /approve could ever reach a run paused here');
      expect(said.summary).not.toContain('Awaiting approval');
      const trace = (await readFile(result.outputs.trace, 'utf8')).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { type: string });
      expect(trace.filter((event) => event.type === 'step_started' || event.type === 'approval_requested')).toEqual([]);
    }
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('is not refused when it cannot pause: mode: plan, approval: never with no step asking, side-effects with no such tool', async () => {
    const planned = await run(PLAN, { mode: 'plan', comment: 'never' });
    expect(planned.result.outputs.status).toBe('succeeded');
    const ran = await run(PLAN.replace('approval: side-effects', 'approval: never'), {}, 'push');
    expect(ran.result.outputs.status).toBe('succeeded');
    const readsOnly = `name: Multiply\napproval: side-effects\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: multiply, args: { a: 6, b: 7 } }\n`;
    const reads = await run(readsOnly, {}, 'push');
    expect(reads.result.outputs.status).toBe('succeeded');
  });
});

describe('a run that pauses where its PR comment cannot be written', () => {
  // Found by an adversarial pass: the comment was to be written, and GitHub refused it (a token without
  // pull-requests: write), was down, or refused to make it anew once deleted. The run paused all the same, its
  // summary said to comment /approve, and no /approve could find it: it waited for good, and, with no required
  // goal, the job passed.
  const noGoals = PLAN.replace(/goals:[\s\S]*$/, '');
  const unshown = /^The run failed: it paused for approval \(approval [0-9a-f]+\), but no \/approve can reach it: an approving job finds the paused run through plan-runner's PR comment, and this job's comment does not show the pause \(.+\)\. Re-run this job once plan-runner can write its PR comment .*/;

  async function expectUnreachable(plan: string, inputs: Record<string, string> = {}): Promise<void> {
    const { result, said } = await run(plan, inputs);
    expect(result.outputs.status).toBe('failed');
    expect(result.failure).toMatch(unshown);
    expect(said.summary).toContain('no /approve can reach it');
    expect(said.summary).not.toContain('`/approve`');
    expect(said.summary).not.toContain('Awaiting approval');
    // It did pause: the write was not made, and the trace asks for the approval a re-run asks for again.
    await expect(readFile(path.join(workspace, 'published.txt'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const trace = (await readFile(result.outputs.trace, 'utf8')).split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { type: string });
    expect(trace.some((event) => event.type === 'approval_requested')).toBe(true);
  }

  it('fails the job, saying why and what to do, when the token may not write the comment (403)', async () => {
    github.fail('issues/create-comment', { status: 403, body: { message: 'Resource not accessible by integration' } });
    await expectUnreachable(noGoals, { 'check-run': 'true' });
    expect(github.comments.get(`${REPO.owner}/${REPO.name}#${PR}`) ?? []).toEqual([]);
    // Not action_required: no action anyone could take would continue it.
    expect(github.checkRuns.map((check) => check['conclusion'])).toEqual(['failure']);
  });

  it('fails the job when GitHub answers every write of the comment with a 503', async () => {
    github.fail('issues/create-comment', ...Array.from({ length: 100 }, () => ({ status: 503 })));
    await expectUnreachable(noGoals);
  });

  it('fails the job when its comment was deleted and making it anew is refused', async () => {
    // A first run pauses, and its comment shows the pause: the job passes (no goal), and says how to approve.
    const first = await run(noGoals);
    expect(first.result.outputs.status).toBe('awaiting-approval');
    expect(first.result.failure).toBeUndefined();
    expect(first.said.summary).toContain('`/approve`');
    expect(github.comments.get(`${REPO.owner}/${REPO.name}#${PR}`)).toHaveLength(1);
    github.fail('issues/update-comment', { status: 404, body: { message: 'Not Found' } });
    github.fail('issues/create-comment', { status: 403, body: { message: 'Resource not accessible by integration' } });
    await rm(path.join(workspace, 'published.txt'), { force: true });
    await expectUnreachable(noGoals);
    const statuses = (operation: string) => github.requests.filter((request) => request.operationId === operation).map((request) => request.status);
    expect(statuses('issues/update-comment')).toContain(404);
    expect(statuses('issues/create-comment')).toEqual([201, 403]);
  });

  // Found by an adversarial pass: only this job's own accepted writes counted, so a re-run of a paused job that paused
  // at the same steps while GitHub refused every write was failed, though the comment still showed that very pause.
  it('keeps the pause of a re-run whose writes all fail when the comment still shows that pause, and only then', async () => {
    const first = await run(noGoals);
    expect(first.result.outputs.status).toBe('awaiting-approval');
    const denied = () => github.fail('issues/update-comment', ...Array.from({ length: 100 }, () => ({ status: 503 })));
    denied();
    const again = await run(noGoals);
    expect(github.requests.filter((request) => request.operationId === 'issues/update-comment').map((request) => request.status)).toContain(503);
    expect(again.result.outputs.status).toBe('awaiting-approval');
    expect(again.result.failure).toBeUndefined();
    expect(again.said.summary).toContain('`/approve`');
    // Paused at other steps (another hash): the comment shows the earlier question, which is not this run's.
    await rm(path.join(workspace, '.plan-runner'), { recursive: true, force: true });
    await expectUnreachable(noGoals.replace('b: 7', 'b: 8'));
  });
});
