import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { commentWriterLine, readCommentWriter, writesBeside, type CommentWriter } from '../../src/action/comment-writer.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { recordingIO } from './recording-io.ts';

// Found by an adversarial pass: two jobs of one workflow run that run the same plan without a run-key (two jobs of the
// workflow, or a matrix's legs) keep one PR comment, and the job that wrote last replaced the other's record with no
// word of it: lint's ❌ gone under docs's ✅. The check run fails such a pair closed; the comment and the log say so.

const PLAN = `name: Checks
inputs: { target: { description: which check } }
tools:
  check: { description: Run one check, command: ["sh", "-c", "case \\"$(cat)\\" in *lint*) exit 1;; *slow*) sleep 1; echo ok;; *) echo ok;; esac"], input: { type: object } }
workflow_sequence:
  - { id: check, type: tool_call, tool: check, args: { target: "\${inputs.target}" } }
`;

let workspace: string;
let github: FakeGitHub;
let state: RunStateStore;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-comment-jobs-'));
  github = await startFakeGitHub();
  state = await memoryStateStore();
  github.pulls.set(5, { data: { number: 5, head: { sha: 'b'.repeat(40) } }, files: [] });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** Job `job` of workflow run `run` (77 unless given; attempt `attempt`) on runner `runner`, on pull request 5, checking `target`. */
async function job(options: { job: string; runner?: string; tracking?: string; attempt?: string; run?: string; state?: RunStateStore; target: string }) {
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const env = {
    GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: options.run ?? '77', GITHUB_RUN_ATTEMPT: options.attempt ?? '1', GITHUB_JOB: options.job, RUNNER_NAME: options.runner ?? `GitHub Actions ${options.job}`, ...(options.tracking && { RUNNER_TRACKING_ID: options.tracking }), PATH: process.env['PATH'] ?? '', RUNNER_TEMP: await mkdtemp(path.join(workspace, 'runner-')),
  };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', inputs: `target: ${options.target}` };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    state: options.state ?? state, admission: { permissionOf: async () => ({ permission: 'write' }) },
  });
  await result.published;
  return { status: result.outputs.status, said };
}

const comments = () => github.commentsOn('octo', 'app', 5);
const SHARED = /writes this plan's comment too, and each job's write replaces the other's/u;

describe('a PR comment two jobs of one workflow run write', () => {
  it('says so in the comment and in the log of the job that wrote last when they run side by side', async () => {
    const [lint, docs] = await Promise.all([job({ job: 'lint', target: 'lint' }), job({ job: 'docs', target: 'slow docs' })]);
    expect([lint.status, docs.status]).toEqual(['failed', 'succeeded']);
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).toMatch(SHARED);
    expect(comments()[0]!.body).toMatch(/Another job of this workflow run \('(lint|docs)'\)/u);
    // The slower job writes after the other's last write, whichever wrote first: it reads that before each write.
    expect(docs.said.warnings.filter((warning) => SHARED.test(warning))).toHaveLength(1);
    expect(lint.said.warnings.filter((warning) => SHARED.test(warning)).length).toBeLessThanOrEqual(1);
  });

  it('says so when another leg of a matrix job wrote it before, though that leg had ended', async () => {
    await job({ job: 'check', runner: 'GitHub Actions 1', target: 'lint' });
    const second = await job({ job: 'check', runner: 'GitHub Actions 2', target: 'docs' });
    expect(comments()[0]!.body).toMatch(/Another leg of this job \(runner 'GitHub Actions 1'\) writes this plan's comment too/u);
    expect(second.said.warnings.join('\n')).toMatch(SHARED);
  });

  // Found by an adversarial pass: one self-hosted runner runs a matrix's legs one after another, under one name.
  it('says so when another leg of a matrix job ran before on the same runner: the job’s own id tells them apart', async () => {
    await job({ job: 'check', runner: 'build-box', tracking: 'github_1111', target: 'lint' });
    const second = await job({ job: 'check', runner: 'build-box', tracking: 'github_2222', target: 'docs' });
    expect(comments()[0]!.body).toMatch(/Another leg of this job \(runner 'build-box', before this one\) writes this plan's comment too/u);
    expect(second.said.warnings.join('\n')).toMatch(SHARED);
  });

  it('is taken over without a word by a job that starts after the other ended (needs:), and by a re-run', async () => {
    await job({ job: 'plan', target: 'lint' });
    const later = await job({ job: 'run', target: 'docs' });
    const rerun = await job({ job: 'run', attempt: '2', runner: 'GitHub Actions 9', target: 'docs' });
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).not.toMatch(SHARED);
    expect(comments()[0]!.body).toMatch(/^### ✅ plan-runner: Checks/mu);
    expect([...later.said.warnings, ...rerun.said.warnings].join('\n')).not.toMatch(SHARED);
  });
});

// Found by an adversarial hunt: two workflow runs for one commit (two workflows that run the plan, or `synchronize` and
// `labeled` starting one workflow twice) keep one PR comment, and the run that wrote last replaced the other's with no
// word: the failed run's ❌ gone under the other's ✅. Only another job of the same workflow run was told.
describe('a PR comment two workflow runs for one commit write', () => {
  it('says so in the comment and the log when they run side by side', async () => {
    const [lint, docs] = await Promise.all([job({ job: 'check', run: '78', target: 'lint' }), job({ job: 'check', run: '79', target: 'slow docs', state: await memoryStateStore() })]);
    expect([lint.status, docs.status]).toEqual(['failed', 'succeeded']);
    expect(comments()).toHaveLength(1);
    expect(comments()[0]!.body).toMatch(/^### ✅ plan-runner: Checks/mu);
    expect(comments()[0]!.body).toMatch(/Another workflow run \(run 78, job 'check'\) writes this plan's comment too, for the same commit/u);
    expect(docs.said.warnings.join('\n')).toMatch(/Another workflow run \(run 78/u);
  });

  it('is taken over without a word by a run of the commit that starts after the other ended', async () => {
    await job({ job: 'check', run: '78', target: 'lint' });
    const later = await job({ job: 'check', run: '79', target: 'docs', state: await memoryStateStore() });
    expect(comments()[0]!.body).toMatch(/^### ✅ plan-runner: Checks/mu);
    expect(comments()[0]!.body).not.toMatch(/Another workflow run/u);
    expect(later.said.warnings.join('\n')).not.toMatch(/Another workflow run/u);
  });
});

describe('the hidden line naming the job that wrote a comment', () => {
  const writer: CommentWriter = { run: '77', attempt: '1', job: 'lint', runner: 'self-hosted --> <img src=x>', from: 1000 };

  it('reads back what it wrote, a runner name that would end an HTML comment included', () => {
    const line = commentWriterLine({ ...writer, to: 2000 });
    expect(line).not.toContain('-->\n');
    expect(line.slice(1).match(/-->/gu)).toHaveLength(1);
    expect(readCommentWriter(`<!-- plan-runner: plan.yml -->${line}\n### ✅ plan-runner: Checks`)).toEqual({ ...writer, to: 2000 });
  });

  it('is read from the leading hidden lines only: a line a tool printed into the body is data', () => {
    expect(readCommentWriter(`<!-- plan-runner: plan.yml -->\n### ✅ plan-runner: Checks\n${commentWriterLine(writer)}`)).toBeUndefined();
    expect(readCommentWriter('<!-- plan-runner: plan.yml -->\n<!-- plan-runner-job: %7Bnot json -->')).toBeUndefined();
    expect(readCommentWriter(`<!-- plan-runner: plan.yml -->\n<!-- plan-runner-job: ${encodeURIComponent('{"run":"77"}')} -->`)).toBeUndefined();
  });

  it('tells another job of the attempt, or of another run of the commit, that wrote while this one ran, and a leg whenever it ran, from a job before it and a re-run’s past', () => {
    const ours: CommentWriter = { run: '77', attempt: '1', job: 'docs', runner: 'r2', from: 5000 };
    expect(writesBeside({ ...writer }, ours, true)).toBe(true);
    expect(writesBeside({ ...writer, to: 6000 }, ours, true)).toBe(true);
    expect(writesBeside({ ...writer, to: 4000 }, ours, true)).toBe(false);
    expect(writesBeside({ ...writer, job: 'docs', to: 4000 }, ours, true)).toBe(true);
    // Legs on one runner, told apart by the job's id; another step of this very job has the same.
    const step: CommentWriter = { ...ours, instance: 'github_1' };
    expect(writesBeside({ ...step, instance: 'github_2', to: 4000 }, step, true)).toBe(true);
    expect(writesBeside({ ...step, to: 4000 }, step, true)).toBe(false);
    expect(writesBeside({ ...ours, from: 1 }, ours, true)).toBe(false);
    expect(writesBeside({ ...writer, attempt: '2' }, ours, true)).toBe(false);
    // Another workflow run: beside while it writes, for the same commit only (a run of another commit is superseded).
    expect(writesBeside({ ...writer, run: '78' }, ours, true)).toBe(true);
    expect(writesBeside({ ...writer, run: '78', to: 6000 }, ours, true)).toBe(true);
    expect(writesBeside({ ...writer, run: '78', to: 4000 }, ours, true)).toBe(false);
    expect(writesBeside({ ...writer, run: '78' }, ours, false)).toBe(false);
    expect(writesBeside(undefined, ours, true)).toBe(false);
  });
});
