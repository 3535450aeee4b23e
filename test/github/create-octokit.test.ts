import { getOctokit } from '@actions/github';
import { getUserAgentWithOrchestrationId } from '@actions/github/lib/utils';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOctokit, PROXY_VARIABLES, proxyVariableSet, userAgentWithOrchestrationId } from '../../src/github/create-octokit.ts';
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

// createOctokit builds the Octokit getOctokit builds without loading `@actions/github` (and its undici):
// the requests it hands to fetch must be the same, byte for byte.
describe('createOctokit against the toolkit’s getOctokit', () => {
  afterEach(() => vi.unstubAllEnvs());

  /** What a client hands to fetch, for the same calls: method, URL, every header, body. */
  async function requestsOf(client: 'ours' | 'toolkit'): Promise<unknown[]> {
    const seen: unknown[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      seen.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers), body: await request.clone().text() });
      return fetch(request);
    };
    const throttle = { ...zeroSpacingThrottle(), onRateLimit: () => false, onSecondaryRateLimit: () => false } as ThrottlingOptions;
    const octokit =
      client === 'ours'
        ? createOctokit({ token: 'ghs_same', baseUrl: github.url, fetch: recording, warn: () => undefined, throttle })
        : getOctokit('ghs_same', { baseUrl: github.url, request: { fetch: recording }, throttle }, throttling);
    await octokit.rest.issues.createComment({ ...create, issue_number: 2 });
    await octokit.paginate(octokit.rest.issues.listComments, { owner: 'o', repo: 'r', issue_number: 1, per_page: 1 });
    await octokit.request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', { owner: 'o', repo: 'r', username: 'someone' }).catch(() => undefined);
    return seen;
  }

  it('sends the same requests, with and without an orchestration id from the runner', async () => {
    const seeding = createOctokit({ token: 't', baseUrl: github.url, warn: () => undefined, throttle: zeroSpacingThrottle() });
    for (const body of ['one', 'two']) await seeding.rest.issues.createComment({ ...create, body });
    for (const id of [undefined, 'run-42.attempt_1', 'a/b c@d\u00e9']) {
      vi.stubEnv('ACTIONS_ORCHESTRATION_ID', id);
      const ours = await requestsOf('ours');
      expect(ours.length).toBeGreaterThanOrEqual(4);
      expect(ours).toEqual(await requestsOf('toolkit'));
      if (id) expect(JSON.stringify(ours)).toContain('actions_orchestration_id/');
    }
  });

  it('words the orchestration id as the toolkit does', () => {
    for (const id of [undefined, '', '   ', 'abc', ' padded ', 'a/b c@d', 'é😀', 'x'.repeat(300)]) {
      vi.stubEnv('ACTIONS_ORCHESTRATION_ID', id);
      // The toolkit gives '' for an empty or blank id, which sets no user agent; so does undefined.
      expect(userAgentWithOrchestrationId(id), String(id)).toBe(getUserAgentWithOrchestrationId(undefined) || undefined);
    }
  });

  it('sends through Node’s fetch when no proxy variable is set', async () => {
    for (const name of PROXY_VARIABLES) vi.stubEnv(name, '');
    const nodeFetch = vi.spyOn(globalThis, 'fetch');
    try {
      const octokit = createOctokit({ token: 't', baseUrl: github.url, warn: () => undefined, throttle: zeroSpacingThrottle() });
      await octokit.rest.issues.createComment(create);
      expect(nodeFetch).toHaveBeenCalledTimes(1);
      expect(String(nodeFetch.mock.calls[0]![0])).toBe(`${github.url}/repos/o/r/issues/1/comments`);
    } finally {
      nodeFetch.mockRestore();
    }
  });

  it('takes the toolkit’s proxy path exactly when a variable it reads for a proxy is set', () => {
    expect(proxyVariableSet({})).toBe(false);
    expect(proxyVariableSet({ no_proxy: '*', NO_PROXY: 'example.com', https_proxy: '' })).toBe(false);
    for (const name of PROXY_VARIABLES) expect(proxyVariableSet({ [name]: 'http://proxy:3128' }), name).toBe(true);
  });
});
