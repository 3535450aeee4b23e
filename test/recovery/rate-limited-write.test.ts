import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { githubToolset } from '../../src/tools/github/github-toolset.ts';
import { startFakeGitHubApi, type FakeGitHubApi } from '../fixtures/fake-github-api.ts';
import { planOf } from '../run/run-fixture.ts';

// Found by an adversarial pass: a github write GitHub refused for its rate limit (it did nothing, and the toolset
// gave the write back to the cap) counted as a call with side effects that may have taken effect: the run escalated
// to a person, "add_comment(…) got no answer", instead of trying it again after the wait.
let api: FakeGitHubApi;

beforeEach(async () => {
  api = await startFakeGitHubApi();
  api.handlers['users/get-authenticated'] = () => ({ status: 403, body: { message: 'Resource not accessible by integration' } });
  api.handlers['graphql'] = () => ({ body: { data: { viewer: { login: 'github-actions[bot]' } } } });
});

afterEach(async () => {
  expect(api.problems).toEqual([]);
  await api.close();
});

async function runComment(events: RunEvent[] = []): Promise<{ status: string; reason?: string }> {
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  const tools = githubToolset({ octokit, redact: createRedactor(), owner: 'octo', repo: 'demo', wait: async () => undefined, writes: {} });
  const step = { key: 'say', id: 'say', type: 'tool_call', description: 'Comment', tool: 'add_comment', args: { issue_number: 3, body: 'Hello' }, inputs: [], dependsOn: [], retry: { max_attempts: 2, max_interval: '1ms' } } as PlanStep;
  return runPlan(planOf([step]), { runStep, tools: new Map(tools.map((tool) => [tool.name, tool])), clock: systemClock, cwd: '/', inputs: {}, listeners: [(event) => events.push(event)] });
}

describe('a github write refused for a rate limit', () => {
  it('escalates still when an attempt before the refusal may have landed', async () => {
    let posts = 0;
    api.handlers['issues/create-comment'] = () => {
      posts += 1;
      return posts === 1 ? { status: 502, body: { message: 'Bad Gateway' } } : { status: 429, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': '60' } };
    };
    api.handlers['issues/list-comments'] = () => ({ body: [] });
    const outcome = await runComment();
    expect(outcome.status).toBe('escalated');
    expect(outcome.reason).toContain('GitHub answered 502: Bad Gateway');
    expect(posts).toBe(2);
  });

  it('is tried again after the wait, and the run does not escalate', async () => {
    let posts = 0;
    api.handlers['issues/create-comment'] = () => {
      posts += 1;
      return posts === 1
        ? { status: 403, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': '60' } }
        : { status: 201, body: { id: 9, html_url: 'u9', user: { login: 'github-actions[bot]' } } };
    };
    const events: RunEvent[] = [];
    const outcome = await runComment(events);
    expect(outcome.reason).toBeUndefined();
    expect(outcome.status).toBe('succeeded');
    expect(posts).toBe(2);
    expect(events.flatMap((event) => (event.type === 'tool_returned' ? [event.outcome] : []))).toEqual(['failed', 'succeeded']);
  });
});
