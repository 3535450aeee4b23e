import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { runAction } from '../../src/action/run-action.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { recordingIO } from './recording-io.ts';

let github: FakeGitHub;
let workspace: string;
beforeEach(async () => {
  github = await startFakeGitHub();
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-escalation-mention-'));
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

/** A plan whose side-effect call gets no answer (exit 75): the run escalates, naming the plan's `escalate`. */
const PLAN = `name: Publish
escalate: { mention: "@acme/oncall", label: needs-human }
tools:
  publish:
    description: Publish the report
    command: [node, -e, "console.log('cc @someone'); process.exit(75)"]
    side_effects: true
workflow_sequence:
  - { id: 1, type: tool_call, tool: publish, args: { to: readers } }
`;

/** Runs the action on pull request #5 of acme/app, its live comment written at every event. */
async function runOnPullRequest(inputs: Record<string, string> = {}, headNow = 'b'.repeat(40)) {
  await writeFile(path.join(workspace, 'plan.yml'), PLAN);
  const event = path.join(workspace, 'event.json');
  await writeFile(event, JSON.stringify({ number: 5, pull_request: { number: 5, head: { sha: 'b'.repeat(40), repo: { full_name: 'acme/app' } }, base: { repo: { full_name: 'acme/app' } } }, repository: { name: 'app', owner: { login: 'acme' }, full_name: 'acme/app' }, sender: { login: 'dev', type: 'User' } }));
  github.pulls.set(5, { data: { number: 5, head: { sha: headNow } }, files: [] });
  const given: Record<string, string> = { plan: 'plan.yml', 'github-token': 't', ...inputs };
  const read = await readActionSettings((name) => given[name] ?? '', {
    GITHUB_WORKSPACE: workspace,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event,
    GITHUB_REPOSITORY: 'acme/app',
    GITHUB_API_URL: github.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '7',
    GITHUB_RUN_ATTEMPT: '1',
    PATH: process.env.PATH ?? '',
  });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const { io, said } = recordingIO();
  const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  const result = await runAction(read.settings, { io, redact: createRedactor(['t']), clock: systemClock, commentIntervalMs: 0, github: octokit });
  await result.published;
  return { result, said };
}

/** The comments that ping `who`: a live `@` mention (not one broken by a zero-width space, nor in code). */
function pinging(bodies: readonly string[], who: string): string[] {
  return bodies.filter((body) => body.split('\n').some((line) => line.includes(who) && !line.includes(`\`${who}`)));
}

describe('an escalated run on a pull request', () => {
  // Found by an adversarial pass: the plan's mention was only ever added by editing the live comment, which was
  // created when the run started, and GitHub notifies no one of an edited comment: @acme/oncall was never told.
  it('tells the plan’s mention in a comment of its own, created once, with the live comment edited beside it', async () => {
    const { result } = await runOnPullRequest();
    expect(result.outputs.status).toBe('escalated');
    const comments = github.commentsOn('acme', 'app', 5);
    const live = comments.filter((c) => c.body.startsWith(commentMarker('plan.yml')));
    expect(live).toHaveLength(1);
    // Each creation that carried the mention notifies: exactly one did, and it was not the live comment.
    const created = github.requestsTo('issues/create-comment').map((r) => (r.body as { body: string }).body);
    expect(pinging(created, '@acme/oncall')).toHaveLength(1);
    const notice = comments.find((c) => !c.body.startsWith(commentMarker('plan.yml')));
    expect(notice?.body).toMatch(/^@acme\/oncall: a person is needed/);
    expect(notice?.body).toContain('https://github.com/acme/app/actions/runs/7');
    // Tool text pings no one, in the live comment or in the notice.
    expect(comments.map((c) => c.body).join('\n')).not.toContain('@someone');
    // The live comment's edits never carry a live mention: the notice is the one ping.
    const edits = github.requestsTo('issues/update-comment').map((r) => (r.body as { body: string }).body);
    expect(edits.length).toBeGreaterThan(0);
    expect(pinging(edits, '@acme/oncall')).toEqual([]);
    expect(live[0]!.body).toContain('a person is needed');
    expect(github.labels.get('acme/app#5')).toEqual(['needs-human']);
  });

  it('tells the mention with the live comment turned off (comment: never), where it had no place at all', async () => {
    const { result, said } = await runOnPullRequest({ comment: 'never' });
    expect(result.outputs.status).toBe('escalated');
    expect(said.warnings).toEqual([]);
    const bodies = github.commentsOn('acme', 'app', 5).map((c) => c.body);
    expect(bodies).toEqual([expect.stringMatching(/^@acme\/oncall: a person is needed — \[A run\]\(https:\/\/github\.com\/acme\/app\/actions\/runs\/7\) of `plan\.yml` was escalated\./)]);
  });

  // Found by a review: a run for a commit the pull request's head had moved on from left the PR comment to the newer
  // commit's run, and still labelled the pull request and pinged the plan's mention there for its own escalation.
  it('neither labels the pull request nor pings anyone once a newer push superseded its commit, and says so', async () => {
    const { result, said } = await runOnPullRequest({}, 'c'.repeat(40));
    expect(result.outputs.status).toBe('escalated');
    expect(said.warnings).toEqual([]);
    expect(github.commentsOn('acme', 'app', 5)).toEqual([]);
    expect(github.labels.get('acme/app#5')).toBeUndefined();
    expect(said.log).toContain(
      "This run is for commit bbbbbbb, which is no longer the head of #5 (now ccccccc): the run is superseded, so it does not add the escalation label 'needs-human' or tell @acme/oncall on #5; the run for the newer commit speaks for the pull request. The job summary has this run's record.",
    );
  });
  // Found by a review: a push after the run's comment, to a commit with no run of its own (a path filter), left the
  // comment to this run, which finished it showing the escalation, and yet labelled nothing and told no one, its log
  // saying the newer commit's run spoke for the pull request.
  it('labels and pings when the pull request moved on after its comment and no run of the newer commit wrote it', async () => {
    github.onRequest = (request) => {
      if (request.operationId === 'issues/create-comment') github.pulls.set(5, { data: { number: 5, head: { sha: 'c'.repeat(40) } }, files: [] });
    };
    const { result, said } = await runOnPullRequest();
    expect(result.outputs.status).toBe('escalated');
    expect(said.warnings).toEqual([]);
    const comments = github.commentsOn('acme', 'app', 5);
    const live = comments.filter((c) => c.body.startsWith(commentMarker('plan.yml')));
    expect(live).toHaveLength(1);
    expect(live[0]!.body).toContain(`For commit ${'b'.repeat(40)}, which is no longer the head of the pull request (now ${'c'.repeat(40)}).`);
    expect(live[0]!.body).toContain('a person is needed');
    const notices = comments.filter((c) => !c.body.startsWith(commentMarker('plan.yml')));
    expect(notices.map((c) => c.body)).toEqual([expect.stringMatching(/^@acme\/oncall: a person is needed/)]);
    expect(github.labels.get('acme/app#5')).toEqual(['needs-human']);
    expect(said.log.join('\n')).not.toContain('the run for the newer commit speaks for the pull request');
  });

  it('leaves the label and the ping to the newer commit\'s run once that run has written the comment', async () => {
    github.onRequest = (request) => {
      if (request.operationId !== 'issues/create-comment') return;
      github.pulls.set(5, { data: { number: 5, head: { sha: 'c'.repeat(40) } }, files: [] });
      // The newer commit's run writes the comment once this run's is there.
      setImmediate(() => {
        const [ours] = github.commentsOn('acme', 'app', 5);
        if (ours) ours.body = `${commentMarker('plan.yml')}\n<!-- plan-runner-head: ${'c'.repeat(40)} -->\n### ⏳ the newer run`;
      });
    };
    const { result, said } = await runOnPullRequest();
    expect(result.outputs.status).toBe('escalated');
    const comments = github.commentsOn('acme', 'app', 5);
    expect(comments.map((c) => c.body)).toEqual([expect.stringContaining('the newer run')]);
    expect(github.labels.get('acme/app#5')).toBeUndefined();
    expect(said.log.join('\n')).toContain('the run is superseded, so it does not add the escalation label');
  });
});

