import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOctokit, type GitHubClient } from '../../src/github/create-octokit.ts';
import { lazyGitHubClient } from '../../src/github/lazy-github-client.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';
import { zeroSpacingThrottle } from './zero-spacing-throttle.ts';

let github: FakeGitHub;
let loads: number;
let client: GitHubClient;

beforeEach(async () => {
  github = await startFakeGitHub();
  loads = 0;
  client = lazyGitHubClient(async () => {
    loads++;
    return createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
  });
});

afterEach(async () => {
  await github.stop();
});

const where = { owner: 'o', repo: 'r', issue_number: 7 };

describe('lazyGitHubClient', () => {
  it('builds the real client at the first request, once, and not before', async () => {
    expect(client.rest.issues.createComment).toBeTypeOf('function');
    expect(loads).toBe(0);
    await Promise.all([client.rest.issues.createComment({ ...where, body: 'one' }), client.rest.issues.createComment({ ...where, body: 'two' })]);
    await client.rest.issues.createComment({ ...where, body: 'three' });
    expect(loads).toBe(1);
    expect(github.commentsOn('o', 'r', 7).map((c) => c.body).sort()).toEqual(['one', 'three', 'two']);
  });

  it('pages through a lazy method with paginate and paginate.iterator, as through the real one', async () => {
    for (let i = 0; i < 5; i++) github.addComment('o', 'r', 7, `c${i}`);
    const all = await client.paginate(client.rest.issues.listComments, { ...where, per_page: 2 });
    expect(all.map((c) => c.body)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    const pages: number[] = [];
    for await (const page of client.paginate.iterator(client.rest.issues.listComments, { ...where, per_page: 2 })) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 1]);
    expect(github.requestsTo('issues/list-comments')).toHaveLength(6);
  });

  it('passes request and its errors through', async () => {
    github.addComment('o', 'r', 7, 'hello');
    const { data } = await client.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', where);
    expect(data.map((c: { body?: string }) => c.body)).toEqual(['hello']);
    github.fail('issues/create-comment', { status: 422, body: { message: 'Validation Failed' } });
    await expect(client.rest.issues.createComment({ ...where, body: 'x' })).rejects.toMatchObject({ status: 422 });
  });

  // Found while testing the token's identity: the lazy client offered no graphql, so the bundle's lookup threw
  // and every installation token's identity was unknown.
  it('passes graphql through', async () => {
    github.tokenUser = { login: 'my-app[bot]', type: 'Bot' };
    await expect(client.graphql('query { viewer { login } }')).resolves.toEqual({ viewer: { login: 'my-app[bot]' } });
    expect(github.requestsTo('graphql')).toHaveLength(1);
  });

  it('passes a map function to paginate', async () => {
    for (let i = 0; i < 3; i++) github.addComment('o', 'r', 7, `c${i}`);
    const bodies = await client.paginate(client.rest.issues.listComments, { ...where, per_page: 2 }, (response) => response.data.map((c) => c.body));
    expect(bodies).toEqual(['c0', 'c1', 'c2']);
  });

  it('tries a failed load again at the next request', async () => {
    let attempts = 0;
    const flaky = lazyGitHubClient(async () => {
      if (++attempts === 1) throw new Error('could not load');
      return createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
    });
    await expect(flaky.rest.issues.createComment({ ...where, body: 'x' })).rejects.toThrow('could not load');
    await flaky.rest.issues.createComment({ ...where, body: 'y' });
    expect(github.commentsOn('o', 'r', 7).map((c) => c.body)).toEqual(['y']);
  });

  it('is no thenable, and names a member it does not offer instead of answering undefined', async () => {
    expect(await Promise.resolve(client)).toBe(client);
    expect(await Promise.resolve(client.rest.issues)).toBe(client.rest.issues);
    expect(JSON.stringify(client)).toBeTypeOf('string');
    expect(() => (client as unknown as { hook: unknown }).hook).toThrow(/does not offer 'hook'/);
    await expect((client.rest.issues as unknown as { noSuchMethod: () => Promise<unknown> }).noSuchMethod()).rejects.toThrow(/no method rest\.issues\.noSuchMethod/);
  });
});
