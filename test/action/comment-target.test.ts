import { describe, expect, it } from 'vitest';
import type { CommentMode } from '../../src/action/action-settings.ts';
import { commentTarget } from '../../src/action/comment-target.ts';
import { pullRequestEvent } from '../e2e/pull-request-event.ts';

function decide(comment: CommentMode, eventName: string, payload: unknown, githubToken: string | undefined = 'ghs_token') {
  return commentTarget({ comment, ...(githubToken ? { githubToken } : {}), github: { eventName, payload, apiUrl: 'http://api', repository: 'octo-org/hello-world', attempt: 1 } });
}

describe('commentTarget', () => {
  it('comments on the pull request of a pull_request event', () => {
    expect(decide('auto', 'pull_request', pullRequestEvent(5))).toEqual({
      target: { owner: 'octo-org', repo: 'hello-world', number: 5, kind: 'pull_request' },
    });
  });

  it('stays quiet with auto when there is nothing to comment on, and warns with always', () => {
    expect(decide('auto', 'schedule', {})).toEqual({ why: 'the schedule event has no pull request or issue to comment on', warn: false });
    expect(decide('always', 'schedule', {})).toMatchObject({ warn: true });
    expect(decide('always', 'pull_request', pullRequestEvent(5), '')).toEqual({ why: 'there is no github-token', warn: true });
  });

  it('skips a fork pull request with auto (read-only token) but tries with always', () => {
    const fork = pullRequestEvent(6, { fork: true });
    expect(decide('auto', 'pull_request', fork)).toMatchObject({ why: expect.stringContaining('fork'), warn: false });
    expect(decide('always', 'pull_request', fork)).toMatchObject({ target: { number: 6 } });
  });

  it('agrees with the security check on what a fork is: letter case does not make one', () => {
    const pull = (head: string | null) => {
      const event = pullRequestEvent(7) as { pull_request: { head: { repo: unknown } } };
      event.pull_request.head.repo = head === null ? null : { full_name: head };
      return event;
    };
    expect(decide('auto', 'pull_request', pull('Octo-Org/Hello-World'))).toMatchObject({ target: { number: 7 } });
    expect(decide('auto', 'pull_request', pull(null))).toMatchObject({ why: expect.stringContaining('fork') });
  });

  // Found by an adversarial pass: a workflow on `pull_request_review` with `comment: always` was told its event has
  // no pull request to comment on, and an escalation opened a new issue instead of labelling the pull request.
  it('comments on the pull request of a review event, and skips a fork’s with auto as for pull_request', () => {
    for (const event of ['pull_request_review', 'pull_request_review_comment']) {
      expect(decide('always', event, { ...pullRequestEvent(8), action: 'submitted' })).toEqual({
        target: { owner: 'octo-org', repo: 'hello-world', number: 8, kind: 'pull_request' },
      });
      expect(decide('auto', event, pullRequestEvent(9, { fork: true }))).toMatchObject({ why: expect.stringContaining('fork'), warn: false });
    }
  });

  it('never comments with never', () => {
    expect(decide('never', 'pull_request', pullRequestEvent(5)).target).toBeUndefined();
  });
});
