import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit, type GitHubClient } from '../../src/github/create-octokit.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { validateGitHubRequest } from '../helpers/github-openapi.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

let github: FakeGitHub;
let octokit: GitHubClient;
const warnings: string[] = [];

beforeEach(async () => {
  github = await startFakeGitHub();
  warnings.length = 0;
  octokit = createOctokit({ token: 'test-token', baseUrl: github.url, warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
});

afterEach(async () => {
  await github.stop();
});

describe('the OpenAPI validator', () => {
  it('accepts a well-formed create-comment request and names its operation', () => {
    const result = validateGitHubRequest('POST', new URL('http://x/repos/o/r/issues/5/comments'), { body: 'hi' });
    expect(result).toMatchObject({ ok: true, route: { operationId: 'issues/create-comment', params: { issue_number: '5' } } });
  });

  it('rejects a path GitHub does not have', () => {
    const result = validateGitHubRequest('GET', new URL('http://x/repos/o/r/issue-comments'), undefined);
    expect(result.ok).toBe(false);
  });

  it('rejects a method the path does not support', () => {
    const result = validateGitHubRequest('DELETE', new URL('http://x/repos/o/r/issues/5/comments'), undefined);
    expect(result).toMatchObject({ ok: false, problems: [expect.stringContaining('no DELETE')] });
  });

  it('rejects a body without a required field, and a field of the wrong type', () => {
    const missing = validateGitHubRequest('POST', new URL('http://x/repos/o/r/issues/5/comments'), { text: 'hi' });
    expect(missing).toMatchObject({ ok: false, problems: [expect.stringContaining('missing required field "body"')] });
    const wrongType = validateGitHubRequest('PATCH', new URL('http://x/repos/o/r/issues/comments/7'), { body: 42 });
    expect(wrongType).toMatchObject({ ok: false, problems: [expect.stringContaining('body.body should be string')] });
  });

  it('rejects a non-numeric issue number and an undeclared query parameter', () => {
    expect(validateGitHubRequest('GET', new URL('http://x/repos/o/r/issues/abc/comments'), undefined).ok).toBe(false);
    expect(validateGitHubRequest('GET', new URL('http://x/repos/o/r/issues/5/comments?limit=3'), undefined)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('"limit" is not declared')],
    });
  });

  it('rejects a value outside an enum', () => {
    const result = validateGitHubRequest('POST', new URL('http://x/repos/o/r/check-runs'), { name: 'gate', head_sha: 'abc', conclusion: 'great' });
    expect(result).toMatchObject({ ok: false, problems: [expect.stringContaining('conclusion should be one of')] });
  });
});

describe('the fake GitHub server', () => {
  // Found by a caps hunt: the spec's maxLength and maxItems were not checked, so a check run's summary past 65,535 passed here.
  it('rejects a string longer, and a list with more items, than the description allows', () => {
    const run = { name: 'gate', head_sha: 'abc', output: { title: 't', summary: 'é'.repeat(65_535) } };
    expect(validateGitHubRequest('POST', new URL('http://x/repos/o/r/check-runs'), run).ok).toBe(true);
    expect(validateGitHubRequest('POST', new URL('http://x/repos/o/r/check-runs'), { ...run, output: { ...run.output, summary: 'é'.repeat(65_536) } })).toMatchObject({
      ok: false,
      problems: ['POST /repos/{owner}/{repo}/check-runs: body.output.summary is 65536 characters, more than the 65535 allowed'],
    });
    const annotations = Array.from({ length: 51 }, () => ({ path: 'a', start_line: 1, end_line: 1, annotation_level: 'notice', message: 'm' }));
    expect(validateGitHubRequest('POST', new URL('http://x/repos/o/r/check-runs'), { ...run, output: { ...run.output, annotations } })).toMatchObject({
      ok: false,
      problems: ['POST /repos/{owner}/{repo}/check-runs: body.output.annotations has 51 items, more than the 50 allowed'],
    });
  });

  it('answers an invalid request from real Octokit with 422 and records the violation', async () => {
    // A deliberately wrong request: create-comment without its required `body`.
    const error = await octokit.request('POST /repos/o/r/issues/1/comments', { text: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(github.violations).toEqual([expect.stringContaining('missing required field "body"')]);
    expect(github.commentsOn('o', 'r', 1)).toEqual([]);
  });

  it('keeps comments per issue and pages through them with Link headers', async () => {
    for (let i = 0; i < 120; i++) github.addComment('o', 'r', 7, `comment ${i}`);
    github.addComment('o', 'r', 8, 'elsewhere');
    const all = await octokit.paginate(octokit.rest.issues.listComments, { owner: 'o', repo: 'r', issue_number: 7, per_page: 50 });
    expect(all.map((c) => c.body)).toEqual(Array.from({ length: 120 }, (_, i) => `comment ${i}`));
    expect(github.requestsTo('issues/list-comments')).toHaveLength(3);
    expect(github.violations).toEqual([]);
  });

  it('creates and edits a comment, recording the token it was sent with', async () => {
    const { data } = await octokit.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 3, body: 'first' });
    await octokit.rest.issues.updateComment({ owner: 'o', repo: 'r', comment_id: data.id, body: 'second' });
    expect(github.commentsOn('o', 'r', 3).map((c) => c.body)).toEqual(['second']);
    expect(github.requests[0]?.authorization).toBe('token test-token');
    expect(github.violations).toEqual([]);
  });

  it('plays scripted faults in order, then answers normally', async () => {
    github.fail('issues/create-comment', { status: 500 }, { status: 404, body: { message: 'Not Found' } });
    const first = await octokit.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 3, body: 'x' }).catch((e: unknown) => e);
    const second = await octokit.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 3, body: 'x' }).catch((e: unknown) => e);
    await octokit.rest.issues.createComment({ owner: 'o', repo: 'r', issue_number: 3, body: 'x' });
    expect([first, second]).toMatchObject([{ status: 500 }, { status: 404 }]);
    expect(github.commentsOn('o', 'r', 3)).toHaveLength(1);
  });

  it('plays labels, check runs and collaborator permissions with valid requests', async () => {
    await octokit.rest.issues.addLabels({ owner: 'o', repo: 'r', issue_number: 4, labels: ['needs-human'] });
    const { data: run } = await octokit.rest.checks.create({ owner: 'o', repo: 'r', name: 'gate', head_sha: 'abc', status: 'in_progress' });
    await octokit.rest.checks.update({ owner: 'o', repo: 'r', check_run_id: run.id, conclusion: 'success' });
    github.permissions.set('mallory', 'read');
    const { data: perm } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner: 'o', repo: 'r', username: 'mallory' });
    expect(github.labels.get('o/r#4')).toEqual(['needs-human']);
    expect(github.checkRuns[0]).toMatchObject({ name: 'gate', conclusion: 'success' });
    expect(perm.permission).toBe('read');
    expect(github.violations).toEqual([]);
  });
});
