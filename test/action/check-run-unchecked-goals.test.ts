// The check run of a run whose goals were never checked (paused for approval, or a main step killed while its steps
// or its goals ran) said "The plan declares no goals; the run itself decided." of a plan whose required goal it is the
// gate for: the merge gate's own text said there was nothing to check (found by an adversarial pass).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { checkRunName } from '../../src/action/check-run-name.ts';
import { finishKilledRun } from '../../src/action/finish-killed-run.ts';
import { reportPaths } from '../../src/action/report-paths.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { NO_USAGE } from '../../src/core/usage.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { recordingIO } from './recording-io.ts';

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
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-unchecked-goals-'));
  github = await startFakeGitHub();
  github.pulls.set(PR, { data: pullRequestEvent(PR)['pull_request'] as Record<string, unknown>, files: [] });
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

async function settings() {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const eventPath = path.join(workspace, 'event.json');
  await writeFile(eventPath, JSON.stringify(pullRequestEvent(PR)));
  const runnerTemp = path.join(workspace, 'runner');
  await mkdir(runnerTemp, { recursive: true });
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', 'check-run': 'true', state: 'off' };
  const env = {
    GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_REPOSITORY: `${REPO.owner}/${REPO.name}`, GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp,
  };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  return read.settings;
}

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
const shown = (): string => JSON.stringify(github.checkRuns.at(-1)?.['output']);

it('a paused run’s check run says its goals are not checked yet, never that the plan declares none', async () => {
  const result = await runAction(await settings(), { io: recordingIO().io, redact: createRedactor(), clock: systemClock, github: octokit(), commentIntervalMs: 0 });
  await result.published;
  expect(result.outputs.status).toBe('awaiting-approval');
  expect(github.checkRuns.at(-1)).toMatchObject({ conclusion: 'action_required' });
  expect(shown()).not.toContain('declares no goals');
  expect(shown()).toContain('Goals are not checked yet');
});

it('a main step killed while its goals were checked: the check run says no goal was checked, never that the plan declares none', async () => {
  const given = await settings();
  github.checkRuns.push({ id: 905, name: await checkRunName(given), head_sha: (pullRequestEvent(PR)['pull_request'] as { head: { sha: string } }).head.sha, status: 'in_progress', details_url: given.github.runUrl });
  const step = { key: '1', id: 1, type: 'tool_call' as const, tool: 'multiply', description: 'Step 1', inputs: [], dependsOn: [] };
  const ran: RunEvent[] = [
    { type: 'plan_created', at: 0, plan: { name: 'Publish', revision: 1, steps: [step] } },
    { type: 'step_started', at: 1, stepKey: '1' },
    { type: 'step_completed', at: 2, stepKey: '1', result: 42, durationMs: 1, usage: NO_USAGE },
    { type: 'run_finished', at: 3, status: 'succeeded', durationMs: 3, usage: NO_USAGE },
  ];
  const trace = reportPaths(given.outputDir, given.planPath).trace;
  await mkdir(path.dirname(trace), { recursive: true });
  await writeFile(trace, ran.map((event) => JSON.stringify(event)).join('\n') + '\n');
  await finishKilledRun(given, { io: recordingIO().io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit(), traceOpened: true, checkRunId: 905 });
  expect(github.checkRuns.at(-1)).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
  expect(shown()).not.toContain('declares no goals');
  expect(shown()).toContain('No goal was checked');
});
