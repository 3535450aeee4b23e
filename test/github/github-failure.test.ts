import { RequestError } from '@octokit/request-error';
import { describe, expect, it } from 'vitest';
import { describeGitHubFailure, readGitHubFailure } from '../../src/github/github-failure.ts';

function requestError(status: number, message: string, headers: Record<string, string> = {}): RequestError {
  return new RequestError(message, status, {
    request: { method: 'GET', url: 'https://api.github.com/repos/o/r', headers: {} },
    response: { status, url: 'https://api.github.com/repos/o/r', headers, data: { message } },
  });
}

describe('readGitHubFailure', () => {
  it('reads status and the first line of the message; 4xx other than 408/429 are permanent', () => {
    const failure = readGitHubFailure(requestError(404, 'Not Found\nmore detail'));
    expect(failure).toEqual({ status: 404, message: 'Not Found', transient: false });
    expect(describeGitHubFailure(failure)).toBe('HTTP 404 Not Found');
  });

  it('calls 408, 429 and 5xx transient, with the wait GitHub asked for', () => {
    expect(readGitHubFailure(requestError(503, 'unavailable', { 'retry-after': '3' }))).toMatchObject({ transient: true, retryAfterMs: 3000 });
    expect(readGitHubFailure(requestError(429, 'slow down'))).toMatchObject({ transient: true, rateLimited: true });
    expect(readGitHubFailure(requestError(408, 'timeout'))).toEqual({ status: 408, message: 'timeout', transient: true });
  });

  it('calls a 403 transient only when it is a rate limit', () => {
    expect(readGitHubFailure(requestError(403, 'Resource not accessible by integration')).transient).toBe(false);
    expect(readGitHubFailure(requestError(403, 'You have exceeded a secondary rate limit'))).toMatchObject({ transient: true, rateLimited: true });
    expect(readGitHubFailure(requestError(403, 'Forbidden', { 'retry-after': '60' }))).toMatchObject({ transient: true, retryAfterMs: 60_000 });
    expect(readGitHubFailure(requestError(403, 'Forbidden', { 'x-ratelimit-remaining': '0' })).transient).toBe(true);
  });

  it('reads a rate limit that names no wait as the minute GitHub asks for', () => {
    expect(readGitHubFailure(requestError(403, 'You have exceeded a secondary rate limit'))).toMatchObject({ retryAfterMs: 60_000 });
    expect(readGitHubFailure(requestError(429, 'slow down'))).toMatchObject({ retryAfterMs: 60_000 });
    expect(readGitHubFailure(requestError(503, 'unavailable')).retryAfterMs).toBeUndefined();
  });

  // Read as none, a rate limit's wait past 10 minutes had the PR comment and the check run written again a second later.
  it('keeps a rate limit’s wait however long, and another failure’s only up to 10 minutes', () => {
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    expect(readGitHubFailure(requestError(403, 'You have exceeded a secondary rate limit', { 'retry-after': '1200' }))).toMatchObject({ rateLimited: true, retryAfterMs: 1_200_000 });
    expect(readGitHubFailure(requestError(403, 'API rate limit exceeded', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset })).retryAfterMs).toBeGreaterThan(3_590_000);
    expect(readGitHubFailure(requestError(503, 'unavailable', { 'retry-after': '1200' })).retryAfterMs).toBeUndefined();
  });

  it('calls timeouts and failures without an answer transient', () => {
    expect(readGitHubFailure(new DOMException('The operation timed out.', 'TimeoutError'))).toEqual({ message: 'timed out', transient: true });
    expect(readGitHubFailure(new TypeError('fetch failed'))).toEqual({ message: 'fetch failed', transient: true });
  });
});
