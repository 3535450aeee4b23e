import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEscalationLabel, escalationMentionLine, personNeeded, removeEscalationLabel, tellEscalation } from '../../src/action/escalation-notice.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { Escalation } from '../../src/core/run-event.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

const escalation: Escalation = { reason: 'a person is needed', lastError: '404', tried: ['step 2'], mention: '@acme/oncall', label: 'needs-human' };
const target = { owner: 'acme', repo: 'app', number: 7, kind: 'pull_request' as const };

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

describe('escalation notice', () => {
  it('adds the plan’s escalation label to the pull request', async () => {
    const warnings: string[] = [];
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
    await addEscalationLabel(octokit, target, escalation, (m) => warnings.push(m));
    expect(github.labels.get('acme/app#7')).toEqual(['needs-human']);
    expect(warnings).toEqual([]);
  });

  it('adds nothing when the run was not escalated or the plan names no label', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await addEscalationLabel(octokit, target, undefined, () => {});
    await addEscalationLabel(octokit, target, { ...escalation, label: undefined }, () => {});
    expect(github.requests).toEqual([]);
  });

  it('warns instead of failing when the label cannot be added', async () => {
    github.fail('issues/add-labels', { status: 403, body: { message: 'Resource not accessible by integration' } });
    const warnings: string[] = [];
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await addEscalationLabel(octokit, target, escalation, (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringContaining("Could not add the escalation label 'needs-human' to #7 (HTTP 403)")]);
  });

  // A run that succeeded after an escalation left the pull request labelled as needing a person (found by a hunt).
  it('takes the escalation label off when a later run succeeds, asking only when the event shows it there', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const warnings: string[] = [];
    const infos: string[] = [];
    await addEscalationLabel(octokit, target, escalation, () => {});
    await removeEscalationLabel(octokit, target, 'needs-human', { payload: { pull_request: { labels: [] } }, headSha: undefined }, (m) => warnings.push(m), (m) => infos.push(m));
    expect(github.requestsTo('issues/remove-label')).toEqual([]);
    await removeEscalationLabel(octokit, target, 'needs-human', { payload: { pull_request: { labels: [{ name: 'needs-human' }] } }, headSha: undefined }, (m) => warnings.push(m), (m) => infos.push(m));
    expect(github.labels.get('acme/app#7')).toEqual([]);
    // Gone already (a person took it off): nothing to say.
    await removeEscalationLabel(octokit, target, 'needs-human', { payload: {}, headSha: undefined }, (m) => warnings.push(m), (m) => infos.push(m));
    expect(warnings).toEqual([]);
    expect(infos).toEqual(["Removed the escalation label 'needs-human' from #7: this run succeeded."]);
  });

  it('names the plan’s team in the live comment as code, only for an escalated run: an edit would not notify it', () => {
    expect(escalationMentionLine(escalation)).toContain('`@acme/oncall`: a person is needed');
    expect(escalationMentionLine(undefined)).toBe('');
  });

  it('tells the plan’s mention in a new comment naming the run and the plan file, and nothing without a mention', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const where = { planPath: '.github/plans/@deploy`s.yml', runUrl: 'https://github.com/acme/app/actions/runs/9' };
    await tellEscalation(octokit, target, personNeeded({ ...escalation, mention: undefined }, {}), where, createRedactor(), () => {});
    await tellEscalation(octokit, target, personNeeded(undefined, {}), where, createRedactor(), () => {});
    expect(github.requestsTo('issues/create-comment')).toEqual([]);
    const warnings: string[] = [];
    await tellEscalation(octokit, target, personNeeded(escalation, {}), where, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(github.commentsOn('acme', 'app', 7).map((c) => c.body)).toEqual([
      "@acme/oncall: a person is needed — [A run](https://github.com/acme/app/actions/runs/9) of ``.github/plans/@deploy`s.yml`` was escalated. The run's summary says why, with the last error and what was tried.",
    ]);
  });

  it('warns instead of failing when the notice cannot be posted', async () => {
    github.fail('issues/create-comment', { status: 403, body: { message: 'Resource not accessible by integration' } });
    const warnings: string[] = [];
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await tellEscalation(octokit, target, personNeeded(escalation, {}), { planPath: 'plan.yml' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringMatching(/^Could not comment on #7 to tell @acme\/oncall the run was escalated \(HTTP 403\): .* The job fails as escalated either way\.$/)]);
  });

  it('tells of a pause for approval only when the comment newly shows that very pause', () => {
    const step = (stepKey: string) => ({ stepKey, type: 'tool_call', title: 'x', approvalKey: stepKey });
    const request = { hash: 'ab'.repeat(8), planFileHash: 'f', plan: { name: 'p', steps: [] } as never, pending: [step('2'), step('deploy')] };
    expect(personNeeded(undefined, { mention: '@acme/oncall', request, pause: { hash: request.hash } })).toEqual({ kind: 'approval', mention: '@acme/oncall', hash: request.hash, steps: ['2', 'deploy'] });
    // A re-run of the same paused run (no new pause), another hash in the comment, no mention: no one is told.
    expect(personNeeded(undefined, { mention: '@acme/oncall', request })).toBeUndefined();
    expect(personNeeded(undefined, { mention: '@acme/oncall', request, pause: { hash: 'cd'.repeat(8) } })).toBeUndefined();
    expect(personNeeded(undefined, { request, pause: { hash: request.hash } })).toBeUndefined();
  });

  it('names at most ten waiting steps, as code, and says how to approve in the live comment’s words', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    const steps = Array.from({ length: 12 }, (_, i) => (i === 0 ? '@someone' : `s${i}`));
    await tellEscalation(octokit, target, { kind: 'approval', mention: '@acme/oncall', hash: 'ab'.repeat(8), steps }, { planPath: 'plan.yml' }, createRedactor(), () => {});
    const [body] = github.commentsOn('acme', 'app', 7).map((c) => c.body);
    expect(body).toMatch(/^@acme\/oncall: a person is needed — A run of `plan\.yml` waits for approval: 12 steps \(`@someone`, `s1`, .*`s9` and 2 more\) wait to run until someone approves them; /);
    expect(body).toContain('To approve, someone with write access comments `/approve`');
    expect(body).toContain('Approval hash: `abababababababab`.');
  });

  it('warns that the run still waits when the pause’s notice cannot be posted', async () => {
    github.fail('issues/create-comment', { status: 403, body: { message: 'Resource not accessible by integration' } });
    const warnings: string[] = [];
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    await tellEscalation(octokit, target, { kind: 'approval', mention: '@acme/oncall', hash: 'ab'.repeat(8), steps: ['2'] }, { planPath: 'plan.yml' }, createRedactor(), (m) => warnings.push(m));
    expect(warnings).toEqual([expect.stringMatching(/^Could not comment on #7 to tell @acme\/oncall the run waits for approval \(HTTP 403\): .* The run waits either way; plan-runner's comment says how to approve it\.$/)]);
  });
});
