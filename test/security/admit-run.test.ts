import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { systemClock } from '../../src/core/clock.ts';
import type { PermissionLookup } from '../../src/security/authorize-trigger.ts';
import type { WorkspaceHead } from '../../src/security/workspace-head.ts';
import { recordingIO } from '../action/recording-io.ts';

const PLAN = `name: Math
toolsets: [math]
workflow_sequence:
  - id: 1
    type: tool_call
    tool: multiply
    args: { a: 3, b: 4 }
  - id: 2
    type: reasoning
    description: Say the answer
`;
const BASE_SHA = '9049f1265b7d61be4a8904a9a27120d2064dab3b';
const HEAD_SHA = '6dcb09b5b57875f334f61aebed695e2e4193db5e';


let workspace: string;
/** The runner's own files (the event, plan-runner's outputs), outside the checkout as on a runner. */
let runnerTemp: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-admit-'));
  runnerTemp = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-admit-temp-'));
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
});
afterEach(() => Promise.all([workspace, runnerTemp].map((dir) => rm(dir, { recursive: true, force: true }))));

interface Scenario {
  readonly eventName: string;
  readonly payload: unknown;
  readonly permission?: PermissionLookup;
  readonly head?: WorkspaceHead;
  readonly inputs?: Record<string, string>;
  /** Counts the workspace commit reads. */
  readonly headReads?: { count: number };
  /** The workspace is a real checkout at this commit, read by git as a runner's would be (no `head` stand-in). */
  readonly checkout?: string;
}

async function run(scenario: Scenario) {
  const eventFile = path.join(runnerTemp, 'event.json');
  await writeFile(eventFile, JSON.stringify(scenario.payload));
  const given: Record<string, string> = { plan: 'plan.yml', 'api-key': 'sk-unused', ...scenario.inputs };
  const read = await readActionSettings((name) => given[name] ?? '', {
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: scenario.eventName,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: 'octo/demo',
    GITHUB_SHA: scenario.checkout ?? BASE_SHA,
    RUNNER_TEMP: runnerTemp,
  });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const modelCalls: unknown[] = [];
  const model: ModelClient = {
    defaultModel: 'test-model',
    complete: async (request) => {
      modelCalls.push(request);
      return {
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'test-model',
        choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'The answer is 12.', refusal: null } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      };
    },
  };
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    redact: createRedactor(),
    clock: systemClock,
    createModel: () => model,
    admission: {
      permissionOf: scenario.permission ?? (async () => ({ permission: 'write', role_name: 'write' })),
      ...(scenario.checkout === undefined && {
        readHead: async () => {
          if (scenario.headReads) scenario.headReads.count++;
          return scenario.head ?? { kind: 'commit', sha: BASE_SHA };
        },
      }),
    },
  });
  return { result, said, modelCalls };
}

const sender = (login: string, type = 'User') => ({ sender: { login, type } });

const git = promisify(execFile);
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

describe('runAction admission', () => {
  // Found by an adversarial hunt: a job that checked out the default branch and then applied a pull request's
  // changes was at the default branch's commit, and ran the pull request's plan with the base's secrets.
  it('refuses a checkout of the base commit whose plan file was changed after it, on a comment', async () => {
    await git('git', ['init', '-q', workspace]);
    await git('git', ['-C', workspace, 'add', 'plan.yml'], { env: gitEnv });
    await git('git', ['-C', workspace, 'commit', '-q', '-m', 'base'], { env: gitEnv });
    const sha = (await git('git', ['-C', workspace, 'rev-parse', 'HEAD'])).stdout.trim();
    const comment = { ...sender('octocat'), comment: { user: { login: 'octocat', type: 'User' } }, issue: { number: 3 } };
    // As committed: it runs.
    expect((await run({ eventName: 'issue_comment', payload: comment, checkout: sha })).result.outputs.status).toBe('succeeded');
    await writeFile(path.join(workspace, 'plan.yml'), PLAN.replace('a: 3', 'a: 30'));
    const { result, modelCalls } = await run({ eventName: 'issue_comment', payload: comment, checkout: sha });
    expect(result.failure).toContain('but files differ from it or are not in it ("plan.yml")');
    expect(modelCalls).toEqual([]);
  });

  it('asks git for the workspace commit only on the events whose plan must come from the base branch', async () => {
    const dispatch = { count: 0 };
    expect((await run({ eventName: 'workflow_dispatch', payload: sender('octocat'), headReads: dispatch })).result.outputs.status).toBe('succeeded');
    expect(dispatch.count).toBe(0);
    const target = { count: 0 };
    const payload = { ...sender('octocat'), pull_request: { number: 1, base: { sha: BASE_SHA, repo: { full_name: 'octo/demo' } }, head: { sha: HEAD_SHA, repo: { full_name: 'octo/demo' } } } };
    await run({ eventName: 'pull_request_target', payload, headReads: target });
    expect(target.count).toBe(1);
  });

  it('refuses a comment from a user with read permission: failed, saying why once, the summary, and no model call', async () => {
    const { result, said, modelCalls } = await run({
      eventName: 'issue_comment',
      payload: { ...sender('reader'), comment: { user: { login: 'reader', type: 'User' } }, issue: { number: 3 } },
      permission: async () => ({ permission: 'read', role_name: 'read' }),
    });
    expect(result.outputs).toMatchObject({ status: 'failed', 'goals-met': 'false', result: '', trace: '' });
    expect(result.failure).toMatch(/^plan-runner refused to run: who started this run may not: @reader \(sender\) has read permission/);
    // The failure is the job's error annotation: a notice of the same words said it twice.
    expect(said.annotations).toEqual([]);
    expect(said.summary).toContain('## ⛔ plan-runner refused to run');
    expect(said.summary).toContain('No model was called, no tool ran');
    expect(modelCalls).toEqual([]);
  });

  // Found by an adversarial pass: /approve on a fork's pull request ran the plan from scratch, read-only, and
  // failed on a withheld tool, never saying approvals are not taken there.
  it('refuses an approval on a fork’s pull request, saying why, and calls no model', async () => {
    const payload = { ...sender('maintainer'), action: 'created', comment: { body: '/approve', user: { login: 'maintainer', type: 'User' } }, issue: { number: 3, pull_request: { url: 'https://api.github.com/repos/octo/demo/pulls/3' } } };
    const { result, modelCalls } = await run({ eventName: 'issue_comment', payload });
    // No token can read this pull request: it counts as a fork's, and the refusal says so (an adversarial pass).
    expect(result.failure).toContain("approvals are not taken in a read-only run, and this one is: whether this comment is on a fork's pull request could not be told (pull request #3 cannot be read without a github-token)");
    expect(modelCalls).toEqual([]);
  });

  it('refuses when the permission lookup fails', async () => {
    const { result, modelCalls } = await run({ eventName: 'issues', payload: sender('ghost'), permission: () => Promise.reject(new Error('HTTP 500')) });
    expect(result.failure).toContain('could not be read (HTTP 500)');
    expect(modelCalls).toEqual([]);
  });

  it('refuses an unlisted bot and runs for a listed one', async () => {
    const refused = await run({ eventName: 'pull_request', payload: sender('renovate[bot]', 'Bot') });
    expect(refused.result.failure).toContain('is a bot and is not listed in the allowed-bots input');
    const allowed = await run({ eventName: 'pull_request', payload: sender('renovate[bot]', 'Bot'), inputs: { 'allowed-bots': 'dependabot[bot], renovate[bot]' } });
    expect(allowed.result.outputs.status).toBe('succeeded');
  });

  it('refuses pull_request_target when the workspace holds the pull request head instead of the base', async () => {
    const payload = { ...sender('octocat'), pull_request: { number: 1, base: { sha: BASE_SHA, repo: { full_name: 'octo/demo' } }, head: { sha: HEAD_SHA, repo: { full_name: 'forker/demo' } } } };
    const refused = await run({ eventName: 'pull_request_target', payload, head: { kind: 'commit', sha: HEAD_SHA } });
    expect(refused.result.failure).toMatch(/not come from the base branch: .*not the pull request's base commit.*Fix: check out the base/);
    expect(refused.modelCalls).toEqual([]);
  });

  it('runs a fork’s pull request read-only and says so in the summary', async () => {
    const payload = { ...sender('octocat'), pull_request: { number: 1, base: { sha: BASE_SHA, repo: { full_name: 'octo/demo' } }, head: { sha: HEAD_SHA, repo: { full_name: 'forker/demo' } } } };
    const { result, said } = await run({ eventName: 'pull_request', payload, inputs: { comment: 'always', 'check-run': 'true' } });
    expect(result.outputs.status).toBe('succeeded');
    expect(said.summary).toMatch(/^> \[!NOTE\]\n> \*\*Read-only run:\*\* the pull request comes from a fork/);
    // The reason as it is, not "comment is never", a setting the user did not make; no check run tried, whose
    // 403 told them to grant checks: write (found by a new-user walkthrough).
    expect(said.log.join('\n')).toContain('No PR comment: the run is read-only (the pull request comes from a fork).');
    expect(said.warnings).toEqual(["check-run is true, but the run is read-only (the pull request comes from a fork), and a read-only run writes no check run, as it writes no comment: its job summary is its only report (and on pull_request, a fork's token could not create one anyway). Require this job (its status reports the verdict) rather than the check run."]);
  });

  // Found by a hunt of the events: on pull_request_target the warning said a fork's token cannot create a check run,
  // and that event's token can; the run writes none because it is read-only.
  it('on a fork’s pull_request_target, says the read-only run writes no check run, never that its token cannot', async () => {
    const payload = { ...sender('octocat'), pull_request: { number: 1, base: { sha: BASE_SHA, repo: { full_name: 'octo/demo' } }, head: { sha: HEAD_SHA, repo: { full_name: 'forker/demo' } } } };
    const { result, said } = await run({ eventName: 'pull_request_target', payload, inputs: { 'check-run': 'true' } });
    expect(result.outputs.status).toBe('succeeded');
    expect(said.warnings).toEqual([expect.stringContaining('a read-only run writes no check run, as it writes no comment: its job summary is its only report')]);
    expect(said.warnings.join('\n')).not.toMatch(/pull request gets a token that cannot/);
  });

  it('needs no permission check on a schedule', async () => {
    const { result, modelCalls } = await run({ eventName: 'schedule', payload: {}, permission: () => Promise.reject(new Error('must not be asked')) });
    expect(result.outputs.status).toBe('succeeded');
    expect(modelCalls).toHaveLength(1);
  });
});
