import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readActionSettings } from '../../src/action/action-settings.ts';
import { admitRun, type AdmissionDeps } from '../../src/action/admit-run.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { loadPlanText } from '../../src/plan/load-plan.ts';
import { CHECK_EVENT_PARTS, checkRunEvent, checkSuiteEvent, type CheckedCommit } from '../e2e/check-suite-event.ts';
import { pullRequestEvent, REPO } from '../e2e/pull-request-event.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { webhookPayloadProblems } from '../helpers/github-openapi.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// A fork's pull request reaches plan-runner not only through its own events: a comment on it names
// only its number, and a workflow_run it set off names its head repository. Both used to run with
// the write tools (and workflow_run with nobody's permission checked).
let workspace: string;
let github: FakeGitHub;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), 'plan-runner-fork-admission-'));
  await writeFile(path.join(workspace, 'plan.yml'), 'name: x\ntoolsets: [math]\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add, args: { a: 1, b: 2 } }\n');
  github = await startFakeGitHub();
});
afterEach(async () => {
  await github.stop();
  await rm(workspace, { recursive: true, force: true });
});

const FULL_NAME = `${REPO.owner}/${REPO.name}`;
const maintainer = { login: 'maintainer', id: 77, type: 'User' };

async function admit(eventName: string, payload: unknown, extra: Partial<AdmissionDeps> = {}, permission = 'write', inputs: Record<string, string> = {}) {
  const eventFile = path.join(workspace, 'event.json');
  await writeFile(eventFile, JSON.stringify(payload));
  const read = await readActionSettings((name) => ({ plan: 'plan.yml', ...inputs })[name as string] ?? '', { GITHUB_WORKSPACE: workspace, GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventFile, GITHUB_REPOSITORY: FULL_NAME, GITHUB_SHA: 'a'.repeat(40) });
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const asked: string[] = [];
  const admission = await admitRun(read.settings, {
    github: createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() }),
    permissionOf: async (login) => (asked.push(login), { permission }),
    // issue_comment runs on the default branch: the checkout is at GITHUB_SHA.
    readHead: async () => ({ kind: 'commit', sha: 'a'.repeat(40) }),
    ...extra,
  });
  return { admission, asked };
}

function comment(number: number) {
  return {
    action: 'created',
    issue: { number, title: 'Fix', state: 'open', user: maintainer, pull_request: { url: `https://api.github.com/repos/${FULL_NAME}/pulls/${number}` } },
    comment: { id: 9, body: '/plan', user: maintainer },
    repository: pullRequestEvent(number)['repository'],
    sender: maintainer,
  };
}

describe('a comment on a pull request', () => {
  it('runs read-only when the pull request comes from a fork', async () => {
    github.pulls.set(36, { data: pullRequestEvent(36, { fork: true })['pull_request'] as Record<string, unknown>, files: [] });
    const { admission } = await admit('issue_comment', comment(36));
    expect(admission).toMatchObject({ admitted: true, readOnly: { withhold: expect.anything() } });
  });

  it('runs with its tools when the pull request is a branch of the repository', async () => {
    github.pulls.set(37, { data: pullRequestEvent(37)['pull_request'] as Record<string, unknown>, files: [] });
    const { admission } = await admit('issue_comment', comment(37));
    expect(admission).toEqual({ admitted: true });
  });

  it('runs read-only when the pull request cannot be read (fail closed)', async () => {
    const { admission } = await admit('issue_comment', comment(38));
    expect(admission).toMatchObject({ admitted: true, readOnly: {} });
  });

  // A re-run keeps its event's payload, names and all: once the repository is renamed and another takes its old name
  // (a new repository under it, or an owner's freed login registered again), the pull request read by that name is the
  // other repository's, and a branch there said nothing of the fork's pull request the comment was on.
  it("runs read-only when the pull request GitHub answers with is another repository's under the same name", async () => {
    const other = { id: 5550, name: REPO.name, full_name: FULL_NAME, owner: { login: REPO.owner, id: 1, type: 'Organization' }, fork: false };
    const pull = pullRequestEvent(43)['pull_request'] as { head: Record<string, unknown>; base: Record<string, unknown> };
    github.pulls.set(43, { data: { ...pull, head: { ...pull.head, repo: other }, base: { ...pull.base, repo: other } }, files: [] });
    const { admission } = await admit('issue_comment', comment(43));
    expect(admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringMatching(/pull request #43 as GitHub answers it is of another repository than this one \(id 5550, not 1296269\).*counts as a fork's/) } });
  });

  it('on an issue, not a pull request, reads nothing and runs with its tools', async () => {
    const payload = { ...comment(39), issue: { number: 39, title: 'Bug', state: 'open', user: maintainer } };
    const { admission } = await admit('issue_comment', payload);
    expect(admission).toEqual({ admitted: true });
  });
});

describe('a workflow_run', () => {
  const workflowRun = (head: string, actor = maintainer) => ({
    action: 'completed',
    workflow_run: { event: 'pull_request', head_repository: { full_name: head }, repository: { full_name: FULL_NAME }, actor, triggering_actor: actor, pull_requests: [] },
    repository: { full_name: FULL_NAME },
    sender: actor,
  });

  it('started by someone without write access is refused, after asking about them', async () => {
    const stranger = { login: 'stranger', id: 5, type: 'User' };
    const { admission, asked } = await admit('workflow_run', workflowRun('stranger/demo', stranger), {}, 'read');
    expect(admission).toMatchObject({ admitted: false, reason: expect.stringContaining('@stranger') });
    expect(asked).toContain('stranger');
  });

  it('that a fork set off runs read-only, even when a maintainer started it', async () => {
    const { admission } = await admit('workflow_run', workflowRun(`forker/${REPO.name}`));
    expect(admission).toMatchObject({ admitted: true, readOnly: {} });
  });

  it('on the repository itself runs with its tools', async () => {
    const { admission } = await admit('workflow_run', workflowRun(FULL_NAME));
    expect(admission).toEqual({ admitted: true });
  });

  // Found by an adversarial hunt: a workflow_run has the base repository's token and secrets, and a job that checked
  // out the fork's head (`ref: github.event.workflow_run.head_sha`) ran the fork's plan file. Read-only mode kept
  // no secret from it: its command goals and MCP servers run there, and it marks its own command tools fork_safe.
  it('that a fork set off reads its plan from the default branch only, as pull_request_target does', async () => {
    const forkHead = 'f'.repeat(40);
    const { admission } = await admit('workflow_run', workflowRun(`forker/${REPO.name}`), { readHead: async () => ({ kind: 'commit', sha: forkHead }) });
    expect(admission).toMatchObject({ admitted: false, reason: expect.stringMatching(/would not come from the base branch: the workspace is at commit ffffffffffff, not the default branch commit \(GITHUB_SHA\).*workflow_run\.head_sha/s) });
    // The repository's own branch is code of people with write access: its head may be checked out.
    expect((await admit('workflow_run', workflowRun(FULL_NAME), { readHead: async () => ({ kind: 'commit', sha: forkHead }) })).admission).toEqual({ admitted: true });
  });
});

// A dispatcher of pull request comments (peter-evans/slash-command-dispatch) sends the pull request in `client_payload`, and
// its documented command workflow checks that pull request's head out, from the fork. The dispatch was counted the
// repository's own: the fork's plan ran with the write tools, the repository's token and its secrets.
describe('a repository_dispatch', () => {
  const dispatch = (pull?: unknown) => ({
    action: 'plan-command',
    branch: 'main',
    client_payload: { slash_command: { command: 'plan' }, ...(pull !== undefined && { pull_request: pull }) },
    repository: pullRequestEvent(44)['repository'],
    sender: maintainer,
    installation: { id: 3, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMw==' },
  });
  const atDefaultBranch = { readHead: async () => ({ kind: 'commit', sha: 'a'.repeat(40) }) as const };

  it("is shaped as GitHub's webhook schema says", () => {
    expect(webhookPayloadProblems('webhook-repository-dispatch-sample', dispatch(pullRequestEvent(44, { fork: true })['pull_request']), ['payload.repository', 'payload.repository.owner', 'payload.sender'])).toEqual([]);
  });

  it("about a fork's pull request runs read-only, and only on the default branch's checkout", async () => {
    const forkPull = pullRequestEvent(44, { fork: true })['pull_request'];
    expect((await admit('repository_dispatch', dispatch(forkPull), atDefaultBranch)).admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringContaining("the dispatch is about a fork's pull request") } });
    const forkHead = { readHead: async () => ({ kind: 'commit', sha: 'f'.repeat(40) }) as const };
    expect((await admit('repository_dispatch', dispatch(forkPull), forkHead)).admission).toMatchObject({ admitted: false, reason: expect.stringMatching(/would not come from the base branch: the workspace is at commit ffffffffffff, not the default branch commit \(GITHUB_SHA\).*client_payload\.pull_request\.head\.sha/s) });
  });

  it('naming a pull request by its number alone runs read-only: whose it is cannot be told', async () => {
    expect((await admit('repository_dispatch', dispatch(44), atDefaultBranch)).admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringContaining('cannot be told') } });
  });

  it("about a branch of the repository, or about no pull request, runs with its tools on any checkout", async () => {
    const elsewhere = { readHead: async () => ({ kind: 'commit', sha: 'f'.repeat(40) }) as const };
    expect((await admit('repository_dispatch', dispatch(pullRequestEvent(44)['pull_request']), elsewhere)).admission).toEqual({ admitted: true });
    expect((await admit('repository_dispatch', dispatch(), elsewhere)).admission).toEqual({ admitted: true });
  });
});

// Found by an audit: these events run the default branch's workflow with the base repository's token, and a fork's
// pull request's commit gets a check suite whose `pull_requests` is empty (GitHub lists only pull requests from
// branches of this repository). Read as "no pull request, so not a fork's", a fork's check suite ran with the write tools.
describe.each([
  ['check_suite', checkSuiteEvent, 'webhook-check-suite-completed'],
  ['check_run', checkRunEvent, 'webhook-check-run-completed'],
] as const)('a %s', (eventName, event, schema) => {
  const ciApp = { 'allowed-bots': 'ci-app[bot]' };
  const admitFor = (commit: CheckedCommit) => admit(eventName, event(commit), {}, 'write', ciApp);

  it("is shaped as GitHub's webhook schema says, for each kind of commit", () => {
    for (const commit of [{ fork: true }, { pullRequest: 40 }, { branch: 'main' }] as const) expect(webhookPayloadProblems(schema, event(commit), CHECK_EVENT_PARTS)).toEqual([]);
  });

  it("on a fork's pull request's commit runs read-only, though the payload lists no pull request", async () => {
    const { admission } = await admitFor({ fork: true });
    expect(admission).toMatchObject({ admitted: true, readOnly: { withhold: expect.anything(), why: expect.stringMatching(/names no branch of this repository .*fork's/) } });
  });

  it('on a branch of the repository with its pull request runs with its tools', async () => {
    expect((await admitFor({ pullRequest: 40 })).admission).toEqual({ admitted: true });
  });

  it('on a branch of the repository with no pull request (a push to main) runs with its tools', async () => {
    expect((await admitFor({ branch: 'main' })).admission).toEqual({ admitted: true });
  });

  it("that lists a pull request whose head is another repository's runs read-only", async () => {
    const payload = event({ pullRequest: 40 }) as { check_suite?: { pull_requests: { head: { repo: { id: number } } }[] }; check_run?: { pull_requests: { head: { repo: { id: number } } }[] } };
    (payload.check_suite ?? payload.check_run)!.pull_requests[0]!.head.repo.id = 7;
    expect((await admit(eventName, payload, {}, 'write', ciApp)).admission).toMatchObject({ admitted: true, readOnly: { why: 'the pull request comes from a fork' } });
  });
});

describe('events whose head the payload does not show', () => {
  const status = (branches: unknown[]) => ({ id: 1, sha: 'c'.repeat(40), name: FULL_NAME, state: 'success', context: 'ci', branches, repository: { full_name: FULL_NAME }, sender: maintainer });

  it("a status on a commit no branch of the repository holds (a fork's) runs read-only; one on a branch runs with its tools", async () => {
    expect((await admit('status', status([]))).admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringContaining('no branch of this repository') } });
    expect((await admit('status', status([{ name: 'main', commit: { sha: 'c'.repeat(40) }, protected: true }]))).admission).toEqual({ admitted: true });
  });

  it('a pull_request event whose payload names no pull request runs read-only', async () => {
    const { pull_request: _, ...payload } = pullRequestEvent(41);
    expect((await admit('pull_request', payload)).admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringContaining('names no pull request') } });
  });

  it('an event plan-runner does not know runs read-only; the merge queue, whose branch is the repository\'s own, does not', async () => {
    expect((await admit('dynamic', { repository: { full_name: FULL_NAME }, sender: maintainer })).admission).toMatchObject({ admitted: true, readOnly: { why: expect.stringContaining('does not know whose code a dynamic event') } });
    const mergeGroup = { action: 'checks_requested', merge_group: { head_sha: 'd'.repeat(40), head_ref: 'refs/heads/gh-readonly-queue/main/pr-40-abc', base_sha: 'a'.repeat(40), base_ref: 'refs/heads/main' }, repository: { full_name: FULL_NAME }, sender: maintainer };
    expect((await admit('merge_group', mergeGroup)).admission).toEqual({ admitted: true });
  });
});

// A tool withheld from a run read-only for another reason than a fork's pull request said "because the pull request comes
// from a fork": a same-repository pull request GitHub did not answer for, a deployment, an event without one.
describe('a withheld tool', () => {
  const labelPlan = 'name: x\ntoolsets: [github]\ngithub: { writes: { labels: [bug] } }\nworkflow_sequence:\n  - { id: 1, type: tool_call, tool: add_labels, args: { issue_number: 1, labels: [bug] } }\n';
  async function withheldBecause(eventName: string, payload: unknown): Promise<string[]> {
    const { admission } = await admit(eventName, payload);
    if (!admission.admitted || !admission.readOnly) throw new Error(`not read-only: ${JSON.stringify(admission)}`);
    const result = await loadPlanText(labelPlan, 'plan.yml', { withhold: admission.readOnly.withhold });
    return result.ok ? [] : result.errors.map((error) => error.message);
  }

  it("says the run's own reason for being read-only", async () => {
    expect(await withheldBecause('issue_comment', comment(38))).toEqual([
      expect.stringMatching(/^tool `add_labels` is withheld from this run: this run is read-only because whether this comment is on a fork's pull request could not be told \(reading pull request #38 failed: .*, and `add_labels` has side effects/),
    ]);
    const deployment = { action: 'created', deployment: { id: 1, sha: 'c'.repeat(40), ref: 'fix-crash' }, repository: { full_name: FULL_NAME }, sender: maintainer };
    expect(await withheldBecause('deployment_status', deployment)).toEqual([expect.stringContaining('this run is read-only because a deployment may be of any commit')]);
  });

  it("on a fork's pull request, says it comes from a fork", async () => {
    expect(await withheldBecause('pull_request', pullRequestEvent(42, { fork: true }))).toEqual([
      expect.stringMatching(/^tool `add_labels` is withheld from this run: this run is read-only because the pull request comes from a fork, and `add_labels` has side effects;/),
    ]);
  });
});

describe('events anyone can cause', () => {
  it.each(['watch', 'fork', 'gollum', 'check_suite'])('%s: the sender is checked like a commenter', async (eventName) => {
    const stranger = { login: 'stranger', id: 5, type: 'User' };
    const { admission, asked } = await admit(eventName, { action: 'started', repository: { full_name: FULL_NAME }, sender: stranger }, {}, 'read');
    expect(admission).toMatchObject({ admitted: false });
    expect(asked).toEqual(['stranger']);
  });

  it('schedule, push, workflow_dispatch and merge_group start unchecked, as does a run outside a workflow (no event)', async () => {
    for (const eventName of ['schedule', 'push', 'workflow_dispatch', 'merge_group', '']) {
      const { admission, asked } = await admit(eventName, { repository: { full_name: FULL_NAME } }, {}, 'read');
      expect(admission).toEqual({ admitted: true });
      expect(asked).toEqual([]);
    }
  });
});
