// Two jobs of one workflow run that ran the same plan (the legs of a matrix) shared one state name, one
// PR comment, one check run name. The second leg's state upload was refused, and a re-run of that leg
// found the first leg's state under the name it looked for and resumed it as its own: steps it never ran
// counted as done, with the other leg's results.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { saveLeftState } from '../../src/action/save-left-state.ts';
import { SAVED_STATE } from '../../src/action/saved-state.ts';
import { REPORTED_STATE } from '../../src/action/write-report.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { RunStateStore } from '../../src/state/run-state-store.ts';
import { ArtifactNameTakenError } from '../../src/state/artifact-name-taken-error.ts';
import { memoryStateStore } from '../fan-out/memory-state-store.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

// Step 1 reads what differs between the legs (their checkouts); step 2 passes only where `ok` exists.
const PLAN = `name: Legs
tools:
  leg: { description: Reads leg.txt, command: ["cat", "leg.txt"] }
  gate: { description: Passes when the file ok exists, command: ["cat", "ok"] }
workflow_sequence:
  - { id: 1, type: tool_call, tool: leg, args: {} }
  - { id: 2, type: tool_call, tool: gate, args: {}, depends_on: [1] }
`;

let root: string;
let github: FakeGitHub | undefined;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-run-key-'));
});
afterEach(async () => {
  await github?.stop();
  github = undefined;
  await rm(root, { recursive: true, force: true });
});

interface Leg {
  readonly name: string;
  readonly attempt: number;
  readonly ok: boolean;
  readonly inputs?: Record<string, string>;
  readonly env?: Record<string, string>;
}

/** One matrix leg's job: its own checkout and runner folder, the workflow run's one artifact store. */
async function leg(store: RunStateStore, { name, attempt, ok, inputs = {}, env = {} }: Leg) {
  const workspace = path.join(root, name);
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  await writeFile(path.join(workspace, 'leg.txt'), name);
  if (ok) await writeFile(path.join(workspace, 'ok'), 'ok');
  const runnerTemp = await mkdtemp(path.join(root, `runner-${name}-`));
  const given: Record<string, string> = { plan: 'plan.yml', ...inputs };
  const read = await readActionSettings((input) => given[input] ?? '', {
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_RUN_ID: '42',
    GITHUB_RUN_ATTEMPT: String(attempt),
    RUNNER_TEMP: runnerTemp,
    PATH: process.env['PATH'] ?? '',
    ...env,
  });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const saved = new Map<string, string>();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, state: store, saveState: (key, value) => void saved.set(key, value) });
  await result.published;
  return { result, said, saved, settings: read.settings };
}

describe('jobs of one workflow run that run the same plan', () => {
  it('without a run-key: the second leg saves its state aside, and a re-run of it refuses to resume the first leg’s state', async () => {
    const store = await memoryStateStore();
    const a = await leg(store, { name: 'A', attempt: 1, ok: true });
    expect(a.result.outputs.status, a.said.summary).toBe('succeeded');
    const b = await leg(store, { name: 'B', attempt: 1, ok: false });
    expect(b.result.outputs.status).toBe('failed');
    expect(b.said.warnings.join('\n')).toMatch(/Another job of this workflow run, or an earlier step of this job that ran the plan too, already saved a state as plan-runner-state-plan-yml-[0-9a-f]{8}-attempt-1\.jsonl: this run's state is saved as .*-attempt-1-clash-[0-9a-f]{8}\.jsonl/);
    // Nothing B did is lost: its trace is an artifact too, and the post step knows it was saved.
    expect(store.saved.map((artifact) => artifact.name)).toHaveLength(2);
    expect(b.saved.get(SAVED_STATE)).toMatch(/-clash-/);
    // And that it wrote its summary: a post step after a later kill does not write another.
    expect(b.saved.get(REPORTED_STATE)).toBe('true');

    const rerun = await leg(store, { name: 'B', attempt: 2, ok: true });
    expect(rerun.result.outputs.status).toBe('failed');
    expect(rerun.result.failure).toContain('in attempt 1 of this workflow run a state for plan.yml was saved aside because another job had saved one under the same name');
    expect(rerun.result.failure).toContain('start a new run in which each job, and each step of a job, that runs this plan has its own `run-key`');
    // Not run on the other leg's results: nothing ran at all.
    expect(rerun.said.log.join('\n')).not.toMatch(/Resum/);
  });

  it('with a run-key each leg saves its own state, and a re-run resumes its own', async () => {
    const store = await memoryStateStore();
    const a = await leg(store, { name: 'A', attempt: 1, ok: true, inputs: { 'run-key': 'node-20' } });
    const b = await leg(store, { name: 'B', attempt: 1, ok: false, inputs: { 'run-key': 'node-22' } });
    expect([a.result.outputs.status, b.result.outputs.status]).toEqual(['succeeded', 'failed']);
    // Two keys in one job keep their own files too.
    expect(path.basename(a.result.outputs.trace)).not.toBe(path.basename(b.result.outputs.trace));
    expect(b.said.warnings.join('\n')).not.toContain('Another job');
    expect(store.saved.map((artifact) => artifact.name)).toEqual([
      expect.stringMatching(/^plan-runner-state-plan-yml-node-20-[0-9a-f]{8}-attempt-1\.jsonl$/),
      expect.stringMatching(/^plan-runner-state-plan-yml-node-22-[0-9a-f]{8}-attempt-1\.jsonl$/),
    ]);

    const rerun = await leg(store, { name: 'B', attempt: 2, ok: true, inputs: { 'run-key': 'node-22' } });
    expect(rerun.result.outputs.status).toBe('succeeded');
    expect(rerun.said.summary).toContain('1 step reused');
    // Step 1's result is this leg's own (B), not the other leg's (A).
    expect(rerun.said.summary).toMatch(/\*\*1\. leg\*\* · reused → B\n/);
  });

  it('the post step saves a killed main step’s trace aside when another leg took the name, and leaves a saved state alone', async () => {
    const store = await memoryStateStore();
    const a = await leg(store, { name: 'A', attempt: 1, ok: true });
    const b = await leg(store, { name: 'B', attempt: 1, ok: true });
    const before = store.saved.length;
    // B's main step recorded what it saved: its post step saves nothing more.
    await saveLeftState({ ...b.settings, env: { ...b.settings.env, [`STATE_${SAVED_STATE}`]: b.saved.get(SAVED_STATE)! } }, store, recordingIO().io);
    expect(store.saved).toHaveLength(before);
    // A main step killed before it saved (no record): its trace is saved, aside as the name is A's.
    const post = recordingIO();
    await saveLeftState({ ...b.settings, github: { ...b.settings.github, attempt: 1 } }, store, post.io);
    expect(store.saved).toHaveLength(before + 1);
    expect(store.saved.at(-1)?.name).toMatch(/-attempt-1-clash-[0-9a-f]{8}\.jsonl$/);
    expect(a.saved.get(SAVED_STATE)).toMatch(/-attempt-1\.jsonl$/);
    // A's main step uploaded its state but did not get to record it: A's post step finds its own trace there and saves nothing.
    const count = store.saved.length;
    await saveLeftState(a.settings, store, recordingIO().io);
    expect(store.saved).toHaveLength(count);
  });

  // Any 409 in a message was read as a taken name, and a state saved aside with no state of its attempt
  // beside it was passed over: the next attempt resumed an older state and repeated what this one did.
  // Then any "already exists" or "(409)" in a message still was, from whichever request of the upload:
  // only the store's ArtifactNameTakenError says a name is taken.
  it('takes only a taken name as a clash, and never resumes past a newer state that was saved aside', async () => {
    const store = await memoryStateStore();
    for (const message of ['upload failed: request 7c409e1a timed out', 'Failed request: (409) Conflict: the specified blob already exists']) {
      const flaky: RunStateStore = { ...store, save: () => Promise.reject(new Error(message)) };
      const failed = await leg(flaky, { name: 'A', attempt: 1, ok: false });
      expect(failed.said.warnings.join('\n')).toContain(`Could not save the run's state as the artifact plan-runner-state-`);
      expect(failed.said.warnings.join('\n')).toContain(message);
      expect(failed.said.warnings.join('\n')).not.toContain('Another job');
    }

    await leg(store, { name: 'A', attempt: 1, ok: false });
    const taken: RunStateStore = { ...store, save: (name, file, days) => (/-attempt-2\.jsonl$/.test(name) ? Promise.reject(new ArtifactNameTakenError(name)) : store.save(name, file, days)) };
    const second = await leg(taken, { name: 'A', attempt: 2, ok: false });
    expect(second.saved.get(SAVED_STATE)).toMatch(/-attempt-2-clash-/);
    // Attempt 3 finds attempt 1's state and attempt 2's only aside: it resumes neither.
    const third = await leg(store, { name: 'A', attempt: 3, ok: true });
    expect(third.result.outputs.status).toBe('failed');
    expect(third.result.failure).toContain('in attempt 2 of this workflow run a state for plan.yml was saved aside');
  });

  // The artifact client retries a create whose answer was lost; the retry is told the name is taken, by this
  // run's own upload. That was saved aside as a clash, and every re-run refused (found by a review).
  it('a taken name that holds this run’s own trace is this run’s state, not a clash', async () => {
    const store = await memoryStateStore();
    const retried: RunStateStore = {
      ...store,
      save: async (name, file, days) => {
        await store.save(name, file, days);
        throw new ArtifactNameTakenError(name);
      },
    };
    const run = await leg(retried, { name: 'A', attempt: 1, ok: true });
    expect(run.said.warnings.join('\n')).not.toContain('Another job');
    expect(store.saved.map((artifact) => artifact.name)).toEqual([expect.stringMatching(/-attempt-1\.jsonl$/)]);
    expect(run.saved.get(SAVED_STATE)).toBe(store.saved[0]!.name);
  });

  it('with a run-key each leg keeps its own PR comment and check run', async () => {
    github = await startFakeGitHub();
    const PULL = { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } };
    github.pulls.set(5, { data: PULL, files: [] });
    const event = path.join(root, 'event.json');
    await writeFile(event, JSON.stringify({ action: 'opened', number: 5, pull_request: PULL, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' }, sender: { login: 'octocat', type: 'User' } }));
    const onPullRequest = async (name: string, runKey?: string) => {
      const workspace = path.join(root, `pr-${name}`);
      await mkdir(workspace, { recursive: true });
      await writeFile(path.join(workspace, 'plan.yml'), PLAN);
      await writeFile(path.join(workspace, 'leg.txt'), name);
      await writeFile(path.join(workspace, 'ok'), 'ok');
      const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', ...(runKey && { 'run-key': runKey }) };
      const read = await readActionSettings((input) => given[input] ?? '', {
        GITHUB_WORKSPACE: workspace,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: 'octo/app',
        GITHUB_API_URL: github!.url,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_RUN_ID: '42',
        GITHUB_SHA: 'c'.repeat(40),
        PATH: process.env['PATH'] ?? '',
        RUNNER_TEMP: await mkdtemp(path.join(root, 'runner-')),
      });
      if (!read.ok) throw new Error(read.problems.join('\n'));
      const { io } = recordingIO();
      const result = await runAction(read.settings, {
        io,
        redact: createRedactor(),
        clock: systemClock,
        commentIntervalMs: 0,
        github: createOctokit({ token: 't', baseUrl: github!.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
        admission: { permissionOf: async () => ({ permission: 'write' }), readHead: async () => ({ ok: true, sha: 'c'.repeat(40) }) as never },
      });
      await result.published;
      expect(result.outputs.status).toBe('succeeded');
    };
    await onPullRequest('A', 'linux');
    await onPullRequest('B', 'windows');
    const comments = github.commentsOn('octo', 'app', 5);
    expect(comments).toHaveLength(2);
    expect(comments.map((comment) => comment.body.split('\n')[0])).toEqual([expect.stringContaining('linux'), expect.stringContaining('windows')]);
    // A person reading them can tell them apart.
    expect(comments.map((comment) => /### .*/.exec(comment.body)?.[0])).toEqual([expect.stringContaining('plan-runner: Legs (linux)'), expect.stringContaining('plan-runner: Legs (windows)')]);
    expect(github.checkRuns.map((run) => run['name'])).toEqual(['Legs (linux)', 'Legs (windows)']);
    // Without a key, the plan's one comment, as before keys existed.
    await onPullRequest('C');
    expect(github.commentsOn('octo', 'app', 5)).toHaveLength(3);
    expect(github.commentsOn('octo', 'app', 5)[2]?.body.split('\n')[0]).toBe('<!-- plan-runner: plan.yml -->');
  });
});

describe('the run-key input', () => {
  it('refuses a key with a control or invisible character, or longer than 100 characters', async () => {
    for (const key of ['a\nb', 'a\u200bb', 'x'.repeat(101)]) {
      const read = await readActionSettings((input) => (input === 'run-key' ? key : ''), { GITHUB_WORKSPACE: root });
      expect(read).toMatchObject({ ok: false, problems: [expect.stringMatching(/^input 'run-key': expected /)] });
    }
    const read = await readActionSettings((input) => (input === 'run-key' ? '  3  ' : ''), { GITHUB_WORKSPACE: root });
    expect(read.ok && read.settings.runKey).toBe('3');
  });
});
