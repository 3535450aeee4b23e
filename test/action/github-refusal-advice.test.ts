import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun } from '../../src/action/check-run.ts';
import { addEscalationLabel } from '../../src/action/escalation-notice.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { IssueTarget } from '../../src/github/event-target.ts';
import { issueCommentApi } from '../../src/report/comment/comment-api.ts';
import { commentMarker } from '../../src/report/comment/comment-marker.ts';
import { createCommentUpdater } from '../../src/report/comment/comment-updater.ts';
import { renderComment } from '../../src/report/comment/render-comment.ts';
import type { Fault } from '../helpers/github-server.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { noRedaction, plan, RunScript, step } from '../report/summary-run-fixture.ts';

// Found by an adversarial pass: every refusal of plan-runner's own writes said to grant a permission. A token that
// expired mid-run (401), a body GitHub found invalid (422) and a pull request deleted (410) were each told
// "Give the workflow `pull-requests: write`", which the workflow had, and which changes nothing.

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
const target: IssueTarget = { owner: 'octo', repo: 'app', number: 12, kind: 'pull_request' };
const marker = commentMarker('.github/plan.yml');

/** The warnings of a run whose comment's first write meets `fault`. */
async function commentWarnings(fault: Fault): Promise<string[]> {
  const warnings: string[] = [];
  github.fail('issues/create-comment', fault);
  const comments = createCommentUpdater({
    api: issueCommentApi(octokit(), target),
    marker,
    render: (record) => renderComment(record, { marker, redact: noRedaction }),
    warn: (message) => warnings.push(message),
    minIntervalMs: 0,
  });
  for (const event of new RunScript(plan([step('1', 'Search')])).complete('1', 'done').finish('succeeded').events) comments.listener(event);
  await comments.finish();
  return warnings;
}

describe('a refusal of plan-runner’s own GitHub writes says what can be done about it', () => {
  it('a token no longer valid (401) is told so, not to grant a permission', async () => {
    const warnings = await commentWarnings({ status: 401, body: { message: 'Bad credentials' } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('HTTP 401 Bad credentials');
    expect(warnings[0]).toMatch(/no longer valid/);
    expect(warnings[0]).not.toContain('pull-requests: write');
  });

  it('a body GitHub refused as invalid (422) blames no permission', async () => {
    const warnings = await commentWarnings({ status: 422, body: { message: 'Validation Failed' } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('HTTP 422 Validation Failed');
    expect(warnings[0]).not.toContain('pull-requests: write');
  });

  it('a permission refused (403) still says which to grant', async () => {
    const warnings = await commentWarnings({ status: 403, body: { message: 'Resource not accessible by integration' } });
    expect(warnings).toEqual([expect.stringMatching(/HTTP 403 Resource not accessible by integration.*pull-requests: write/)]);
  });

  it('a check run whose create met an expired token (401) is not told to grant checks: write', async () => {
    github.fail('checks/create', { status: 401, body: { message: 'Bad credentials' } });
    const warnings: string[] = [];
    expect(await startCheckRun(octokit(), { owner: 'acme', repo: 'app', name: 'Gate', headSha: 'a'.repeat(40) }, (message) => warnings.push(message))).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no longer valid/);
    expect(warnings[0]).not.toContain('checks: write');
  });

  it('an escalation label GitHub refused as invalid (422) blames no permission', async () => {
    github.fail('issues/add-labels', { status: 422, body: { message: 'Validation Failed' } });
    const warnings: string[] = [];
    await addEscalationLabel(octokit(), target, { reason: 'stuck', lastError: 'x', tried: [], label: 'needs-human' }, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining("Could not add the escalation label 'needs-human' to #12 (HTTP 422): Validation Failed.")]);
    expect(warnings[0]).not.toContain('issues: write');
  });
});
