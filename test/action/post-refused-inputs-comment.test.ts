import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { applyEvent, newRunRecord } from '../../src/core/run-record.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import { post } from '../../src/run.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';
import { recordingRunner } from './recording-runner.ts';

// A step's code made the plan's path a link out of the workspace, then the main step was killed: its post step, whose
// inputs are refused now, cannot finish the comment from the trace, and left it at ⏳ for good, a step shown running.

const RUN_URL = 'https://github.com/octo/app/actions/runs/77';

let root: string;
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-post-refused-comment-'));
  workspace = path.join(root, 'repo');
  await mkdir(workspace);
  github = await startFakeGitHub();
  const event = path.join(root, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', RUNNER_TEMP: path.join(root, 'runner') };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await github.stop();
  await rm(root, { recursive: true, force: true });
});

/** The body a run's live comment had while step `b` ran: `a` done, `c` not started. */
function runningBody(runUrl: string): string {
  const step = (key: string, dependsOn: string[]) => ({ key, id: key, type: 'reasoning' as const, description: `Step ${key}`, inputs: [], dependsOn });
  const events: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'Checks', revision: 1, steps: [step('a', []), step('b', ['a']), step('c', ['b'])] } },
    { type: 'step_started', at: 1, stepKey: 'a' },
    { type: 'step_completed', at: 2, stepKey: 'a', result: 'fine', durationMs: 1, usage: NO_USAGE },
    { type: 'step_started', at: 3, stepKey: 'b' },
  ];
  return renderComment(events.reduce(applyEvent, newRunRecord()), { marker: commentMarker('plan.yml'), redact: (text) => text, runUrl });
}

async function killedStepsPost(body: string): Promise<string> {
  await writeFile(path.join(root, 'outside.yml'), 'name: Elsewhere\ngoal: g\n');
  await symlink(path.join(root, 'outside.yml'), path.join(workspace, 'plan.yml'));
  const comment = github.addComment('octo', 'app', 5, body);
  vi.stubEnv('STATE_traceStarted', '2026-12-06T18:00:00.000Z');
  vi.stubEnv('STATE_commentId', String(comment.id));
  const { commands } = recordingRunner({ plan: 'plan.yml', state: 'off', 'github-token': 't' });
  await post(commands);
  return github.commentsOn('octo', 'app', 5).at(-1)!.body;
}

it('the post step of a killed main step whose inputs are refused now marks its PR comment stopped, ✅ and ⬜ as they were', async () => {
  const before = runningBody(RUN_URL);
  expect(before).toContain('- ⏳ b. Step b');
  const after = await killedStepsPost(before);
  expect(after).not.toContain('⏳');
  expect(after).toContain('### ⏹️ plan-runner: Checks');
  expect(after).toContain('- ⏹️ b. Step b');
  expect(after).toContain('- ✅ a. Step a');
  expect(after).toContain('- ⬜ c. Step c');
  expect(after).toContain("**Stopped:** the main step ended before its run did (cancelled, timed out or killed), and its post step could not finish this comment from the run's trace: the step's inputs are refused now");
  expect(after.startsWith(commentMarker('plan.yml'))).toBe(true);
  expect(github.commentsOn('octo', 'app', 5)).toHaveLength(1);
});

it('leaves a comment another workflow run has written since, and one that finished, as they are', async () => {
  const newer = runningBody('https://github.com/octo/app/actions/runs/78');
  expect(await killedStepsPost(newer)).toBe(newer);
  await rm(path.join(workspace, 'plan.yml'));
  github.comments.clear();
  const finished = runningBody(RUN_URL).replace('### ⏳', '### ✅');
  expect(await killedStepsPost(finished)).toBe(finished);
});

it('the main step saves the id of the PR comment it wrote, for its post step', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), 'name: Checks\ntools:\n  echo: { description: Echo, command: [sh, -c, cat] }\nworkflow_sequence:\n  - { id: a, type: tool_call, tool: echo, args: { x: 1 } }\n');
  github.pulls.set(5, { data: { number: 5, head: { sha: 'b'.repeat(40) } }, files: [] });
  const read = await readActionSettings((name) => ({ plan: 'plan.yml', 'github-token': 't', state: 'off' })[name as string] ?? '', { ...process.env, PATH: process.env['PATH'] ?? '' });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const saved = new Map<string, string>();
  const { io } = recordingIO();
  const result = await runAction(read.settings, {
    io,
    redact: createRedactor(),
    clock: systemClock,
    commentIntervalMs: 0,
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    admission: { permissionOf: async () => ({ permission: 'write' }) },
    saveState: (name, value) => void saved.set(name, value),
  });
  await result.published;
  const [comment] = github.commentsOn('octo', 'app', 5);
  expect(comment).toBeDefined();
  expect(saved.get('commentId')).toBe(String(comment!.id));
});
