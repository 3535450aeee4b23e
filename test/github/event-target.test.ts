import { describe, expect, it } from 'vitest';
import { eventTarget } from '../../src/github/event-target.ts';

const repository = { name: 'app', owner: { login: 'octo' } };

describe('eventTarget', () => {
  it('takes the pull request number from pull_request and pull_request_target events', () => {
    const payload = { number: 7, pull_request: { number: 7, head: { sha: 'abc' } }, repository };
    expect(eventTarget('pull_request', payload)).toEqual({ owner: 'octo', repo: 'app', number: 7, kind: 'pull_request' });
    expect(eventTarget('pull_request_target', payload)).toEqual({ owner: 'octo', repo: 'app', number: 7, kind: 'pull_request' });
  });

  it('takes the pull request number from the review events, whose payload has the pull request', () => {
    const payload = { action: 'submitted', review: { id: 3 }, pull_request: { number: 7, head: { sha: 'abc' } }, repository };
    expect(eventTarget('pull_request_review', payload)).toEqual({ owner: 'octo', repo: 'app', number: 7, kind: 'pull_request' });
    expect(eventTarget('pull_request_review_comment', payload)).toEqual({ owner: 'octo', repo: 'app', number: 7, kind: 'pull_request' });
  });

  it('tells a comment on a pull request from a comment on an issue', () => {
    const onPull = { issue: { number: 9, pull_request: { url: 'https://api.github.com/repos/octo/app/pulls/9' } }, comment: { id: 1 }, repository };
    const onIssue = { issue: { number: 10 }, comment: { id: 2 }, repository };
    expect(eventTarget('issue_comment', onPull)).toEqual({ owner: 'octo', repo: 'app', number: 9, kind: 'pull_request' });
    expect(eventTarget('issue_comment', onIssue)).toEqual({ owner: 'octo', repo: 'app', number: 10, kind: 'issue' });
  });

  it('takes the issue number from issues events', () => {
    expect(eventTarget('issues', { action: 'opened', issue: { number: 3 }, repository })).toEqual({ owner: 'octo', repo: 'app', number: 3, kind: 'issue' });
  });

  it('has no target for events without a pull request or issue', () => {
    expect(eventTarget('schedule', { schedule: '0 6 * * 1', repository })).toBeUndefined();
    expect(eventTarget('push', { ref: 'refs/heads/main', repository })).toBeUndefined();
    expect(eventTarget('workflow_dispatch', {}, 'octo/app')).toBeUndefined();
  });

  it('falls back to GITHUB_REPOSITORY when the payload has no repository', () => {
    expect(eventTarget('issues', { issue: { number: 3 } }, 'octo/app')).toEqual({ owner: 'octo', repo: 'app', number: 3, kind: 'issue' });
    expect(eventTarget('issues', { issue: { number: 3 } })).toBeUndefined();
  });

  it('ignores a malformed payload instead of throwing', () => {
    expect(eventTarget('pull_request', { pull_request: { number: 'seven' }, repository })).toBeUndefined();
    expect(eventTarget('pull_request', null)).toBeUndefined();
  });
});
