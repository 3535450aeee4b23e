import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { openEscalationIssue } from '../../src/action/escalation-issue.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

// Found by a review of "a run that succeeds closes the plan's escalation issue": an older run that succeeded closed the
// issue a newer run escalated into while it ran; a run a newer push superseded took off the label the newer commit's
// run had put on; and a fanned-out run's prepare job, which succeeds before anything is judged, closed the issue.

let github: FakeGitHub;
let workspace: string;
beforeEach(async () => {
  github = await startFakeGitHub();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'hunt-esc-'));
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

const plan = (script: string) => `name: Weekly\nescalate: { mention: "@acme/oncall", label: needs-human }\ntools:\n  publish: { description: Publish, command: [node, -e, ${JSON.stringify(script)}], side_effects: true }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: publish, args: {} }\n`;

async function act(env: Record<string, string>, inputs: Record<string, string> = {}) {
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', state: 'off', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_REPOSITORY: 'acme/app', GITHUB_API_URL: github.url, GITHUB_SERVER_URL: 'https://github.com', PATH: process.env['PATH'] ?? '', ...env });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const { io, said } = recordingIO();
  const result = await runAction(read.settings, { io, redact: createRedactor(), clock: systemClock, commentIntervalMs: 0, github: octokit });
  await result.published;
  return { status: result.outputs.status, said };
}

it('an older scheduled run that succeeds after a newer run escalated leaves the newer escalation issue open', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), plan('process.exit(0)'));
  // The newer run's escalation is stamped after the older run began (GitHub's clock a minute ahead of the run's start).
  github.now = Date.now() + 60_000;
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  await openEscalationIssue(octokit, { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Weekly', runUrl: 'https://github.com/acme/app/actions/runs/9' }, { reason: 'newer run escalated', lastError: 'exit 75', tried: [], mention: '@acme/oncall', label: 'needs-human' }, createRedactor(), () => {});
  const older = await act({ GITHUB_EVENT_NAME: 'schedule', GITHUB_RUN_ID: '8' });
  expect(older.status).toBe('succeeded');
  // The newer run's escalation still needs a person: the older run's success says nothing about it.
  expect(github.issues).toMatchObject([{ state: 'open' }]);
  expect(older.said.log.join('\n')).toContain('Escalation issue #1 was updated after this run began');
});

it('a superseded pull request run that succeeds does not take off the label the newer commit\'s escalation put there', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), plan('process.exit(0)'));
  const event = path.join(workspace, 'event.json');
  // The event of commit b: the PR already carried needs-human from an earlier escalation.
  await writeFile(event, JSON.stringify({ number: 5, pull_request: { number: 5, labels: [{ name: 'needs-human' }], head: { sha: 'b'.repeat(40), repo: { full_name: 'acme/app' } }, base: { repo: { full_name: 'acme/app' } } }, repository: { name: 'app', owner: { login: 'acme' }, full_name: 'acme/app' }, sender: { login: 'dev', type: 'User' } }));
  // A push moved the PR to commit c, whose run escalated and labelled it.
  github.pulls.set(5, { data: { number: 5, head: { sha: 'c'.repeat(40) } }, files: [] });
  github.labels.set('acme/app#5', ['needs-human']);
  const { status } = await act({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: '7', GITHUB_RUN_ATTEMPT: '1' }, { comment: 'never' });
  expect(status).toBe('succeeded');
  expect(github.labels.get('acme/app#5')).toEqual(['needs-human']);
});

// Found by an adversarial hunt: "updated after this run began" went by the job's start, and a re-run of an older
// workflow run ("Re-run failed jobs" on Monday's run, after Tuesday's run escalated) begins after that escalation, so
// its success closed the newer run's escalation issue, which still needed a person.
it('a re-run of an older workflow run that succeeds leaves open the issue a newer workflow run escalated into', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), plan('process.exit(0)'));
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  await openEscalationIssue(octokit, { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Weekly', runUrl: 'https://github.com/acme/app/actions/runs/9' }, { reason: 'newer run escalated', lastError: 'exit 75', tried: [], mention: '@acme/oncall', label: 'needs-human' }, createRedactor(), () => {});
  const rerun = await act({ GITHUB_EVENT_NAME: 'schedule', GITHUB_RUN_ID: '8', GITHUB_RUN_ATTEMPT: '2' });
  expect(rerun.status).toBe('succeeded');
  expect(github.issues).toMatchObject([{ state: 'open' }]);
  expect(rerun.said.log.join('\n')).toContain('Escalation issue #1 was escalated into by a newer workflow run (run 9) than this one (run 8)');
});

it('a re-run of the workflow run that escalated closes its issue once it succeeds', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), plan('process.exit(0)'));
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  await openEscalationIssue(octokit, { owner: 'acme', repo: 'app', planPath: 'plan.yml', planName: 'Weekly', runUrl: 'https://github.com/acme/app/actions/runs/9' }, { reason: 'escalated', lastError: 'exit 75', tried: [], mention: '@acme/oncall', label: 'needs-human' }, createRedactor(), () => {});
  const rerun = await act({ GITHUB_EVENT_NAME: 'schedule', GITHUB_RUN_ID: '9', GITHUB_RUN_ATTEMPT: '2' });
  expect(rerun.status).toBe('succeeded');
  expect(github.issues).toMatchObject([{ state: 'closed', state_reason: 'completed' }]);
});

// Found by an adversarial hunt: a read of the pull request's head that failed (a 5xx, a rate limit) was taken for "this run
// is at the head", so a superseded run's success took off the label the newer commit's escalation had put there.
it('a pull request run that succeeds leaves the escalation label on when GitHub cannot say the pull request’s head', async () => {
  await writeFile(path.join(workspace, 'plan.yml'), plan('process.exit(0)'));
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, pull_request: { number: 5, labels: [{ name: 'needs-human' }], head: { sha: 'b'.repeat(40), repo: { full_name: 'acme/app' } }, base: { repo: { full_name: 'acme/app' } } }, repository: { name: 'app', owner: { login: 'acme' }, full_name: 'acme/app' }, sender: { login: 'dev', type: 'User' } }));
  github.pulls.set(5, { data: { number: 5, head: { sha: 'c'.repeat(40) } }, files: [] });
  github.labels.set('acme/app#5', ['needs-human']);
  github.fail('pulls/get', ...Array.from({ length: 10 }, () => ({ status: 502 })));
  const { status, said } = await act({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, GITHUB_RUN_ID: '7', GITHUB_RUN_ATTEMPT: '1' }, { comment: 'never' });
  expect(status).toBe('succeeded');
  expect(github.labels.get('acme/app#5')).toEqual(['needs-human']);
  expect(said.log.join('\n')).toContain("GitHub could not say the head of #5, so this run does not take the escalation label 'needs-human' off");
});
