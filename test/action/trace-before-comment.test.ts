import { existsSync, readFileSync } from 'node:fs';
import { reportPaths } from '../../src/action/report-paths.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

// Cheap steps: their trace lines wait up to 250 ms to be written, so the comment (a write a second)
// had shown steps done that the trace did not hold yet.
// A job killed then left a trace its post step and its re-run read as "not done": the post step turned
// the comment's ✅ into ⏭️, and the re-run ran the steps again.
const PLAN = `name: Cheap steps
toolsets: [math]
tools:
  pause: { description: Waits a little, command: [sleep, "0.3"] }
workflow_sequence:
${Array.from({ length: 6 }, (_, i) => `  - { id: p${i}, type: tool_call, tool: pause, args: {} }\n  - { id: m${i}, type: tool_call, tool: multiply, args: { a: ${i}, b: 2 } }`).join('\n')}
`;

let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-trace-comment-'));
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** Runs `plan` as a pull request's job whose comment goes to the fake GitHub. */
async function runOnPullRequest(plan: string, commentIntervalMs?: number) {
  await writeFile(path.join(workspace, 'plan.yml'), plan);
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, sender: { login: 'octocat', type: 'User' }, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'octo/app' } }, base: { repo: { full_name: 'octo/app' } } }, repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } }));
  const runnerTemp = await mkdtemp(path.join(workspace, 'runner-'));
  const env = { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '77', PATH: process.env['PATH'] ?? '', RUNNER_TEMP: runnerTemp };
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off' };
  const read = await readActionSettings((name) => given[name] ?? '', env);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const run = () =>
    runAction(read.settings, {
      io: recordingIO().io,
      redact: createRedactor(),
      clock: systemClock,
      ...(commentIntervalMs !== undefined && { commentIntervalMs }),
      github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
      admission: { permissionOf: async () => ({ permission: 'write' }) },
    });
  return { settings: read.settings, run };
}

it('writes out the trace before each comment write: the comment never shows a step done that the trace lacks', async () => {
  // Written at every change (no spacing), so each write comes as soon after a step as it can.
  const { settings, run } = await runOnPullRequest(PLAN, 0);
  const trace = reportPaths(settings.outputDir, settings.planPath).trace;
  const lacking: string[] = [];
  let writes = 0;
  github.onRequest = (request) => {
    const body = (request.body as { body?: string } | undefined)?.body;
    if (!body || !/^(POST|PATCH)$/.test(request.method)) return;
    writes++;
    const text = existsSync(trace) ? readFileSync(trace, 'utf8') : '';
    const done = new Set(text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { type: string; stepKey?: string }).filter((e) => e.type === 'step_completed').map((e) => e.stepKey));
    for (const [, key] of body.matchAll(/✅ ([pm]\d)\./g)) if (!done.has(key)) lacking.push(`${key} (write ${writes})`);
  };
  const result = await run();
  await result.published;
  expect(result.outputs.status).toBe('succeeded');
  expect(writes).toBeGreaterThan(2);
  expect(lacking).toEqual([]);
});

it('writes the comment at most once a second unless told otherwise, as GitHub asks of serial writes', async () => {
  // Tests pass commentIntervalMs: 0 to wait for no clock; a job passes nothing and gets the 1 s.
  const { run } = await runOnPullRequest(PLAN.replace(/\n {2}- \{ id: [pm][1-5]\b.*/g, ''));
  const writtenAt: number[] = [];
  github.onRequest = (request) => {
    if (request.operationId === 'issues/create-comment' || request.operationId === 'issues/update-comment') writtenAt.push(performance.now());
  };
  const result = await run();
  await result.published;
  expect(result.outputs.status).toBe('succeeded');
  expect(writtenAt.length).toBeGreaterThanOrEqual(2);
  // Each write starts at least a second after the one before it ended, so arrives at least a second after it arrived.
  const gaps = writtenAt.slice(1).map((at, i) => at - writtenAt[i]!);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(995);
});
