import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

let github: FakeGitHub;
let warnings: string[];
const savedApiUrl = process.env['GITHUB_API_URL'];

beforeEach(async () => {
  github = await startFakeGitHub();
  warnings = [];
});

afterEach(async () => {
  await github.stop();
  if (savedApiUrl === undefined) delete process.env['GITHUB_API_URL'];
  else process.env['GITHUB_API_URL'] = savedApiUrl;
});

const create = { owner: 'o', repo: 'r', issue_number: 1, body: 'hello' };

describe('createOctokit', () => {
  it('sends requests to GITHUB_API_URL when no base URL is given', async () => {
    process.env['GITHUB_API_URL'] = github.url;
    const octokit = createOctokit({ token: 't', warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
    await octokit.rest.issues.createComment(create);
    expect(github.commentsOn('o', 'r', 1).map((c) => c.body)).toEqual(['hello']);
  });

  it('retries a secondary rate limit after retry-after, warning each time', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
    github.fail('issues/create-comment', { status: 403, headers: { 'retry-after': '2' }, body: { message: 'You have exceeded a secondary rate limit' } });
    await octokit.rest.issues.createComment(create);
    expect(github.requestsTo('issues/create-comment')).toHaveLength(2);
    expect(warnings).toEqual([expect.stringMatching(/secondary rate limit on POST .*; retrying in 2 s \(retry 1\/2\)/)]);
  });

  it('gives up after the bounded number of retries, or at once when retry-after is too long', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, maxRateLimitRetries: 1, maxRetryAfterSeconds: 60, warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
    const limited = { status: 429, headers: { 'retry-after': '1', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' }, body: { message: 'API rate limit exceeded' } };
    github.fail('issues/create-comment', limited, limited);
    await expect(octokit.rest.issues.createComment(create)).rejects.toMatchObject({ status: 429 });
    expect(github.requestsTo('issues/create-comment')).toHaveLength(2);
    github.fail('issues/create-comment', { status: 403, headers: { 'retry-after': '3600' }, body: { message: 'secondary rate limit' } });
    await expect(octokit.rest.issues.createComment(create)).rejects.toMatchObject({ status: 403 });
    expect(github.requestsTo('issues/create-comment')).toHaveLength(3);
    expect(warnings.at(-1)).toMatch(/giving up after 0 retries \(retry-after 3600 s\)/);
  });

  it('times out a request the API never answers', async () => {
    const octokit = createOctokit({ token: 't', baseUrl: github.url, timeoutMs: 100, warn: (m) => warnings.push(m), throttle: zeroSpacingThrottle() });
    github.fail('issues/create-comment', { hang: true });
    await expect(octokit.rest.issues.createComment(create)).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/timeout|aborted/i) });
  });
});
