import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock, type Clock } from '../../src/core/clock.ts';
import type { PlanStep } from '../../src/core/plan-step.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { createRedactor } from '../../src/core/redact.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
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

async function runComment(events: RunEvent[] = [], options: { maxInterval?: string; clock?: Clock } = {}): Promise<{ status: string; reason?: string }> {
  const octokit = createOctokit({ token: 'test-token', baseUrl: api.baseUrl, warn: () => undefined, throttle: { enabled: false } });
  const tools = githubToolset({ octokit, redact: createRedactor(), owner: 'octo', repo: 'demo', wait: async () => undefined, writes: {} });
  const retry = { max_attempts: 2, max_interval: options.maxInterval ?? '1ms' };
  const step = { key: 'say', id: 'say', type: 'tool_call', description: 'Comment', tool: 'add_comment', args: { issue_number: 3, body: 'Hello' }, inputs: [], dependsOn: [], retry } as PlanStep;
  return runPlan(planOf([step]), { runStep, tools: new Map(tools.map((tool) => [tool.name, tool])), clock: options.clock ?? systemClock, cwd: '/', inputs: {}, listeners: [(event) => events.push(event)] });
}

/** Waits (on real I/O: the fake GitHub answers over HTTP) until `events` hold one that `found` picks. */
async function until(events: readonly RunEvent[], found: (event: RunEvent) => boolean): Promise<RunEvent> {
  for (let turn = 0; turn < 4_000; turn += 1) {
    const event = events.find(found);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no such event among ${events.map((event) => event.type).join(', ')}`);
}

/** GitHub's secondary limit for the first comment asking to wait `seconds`, then the comment made. */
function limitedOnce(seconds: number): () => number {
  let posts = 0;
  api.handlers['issues/create-comment'] = () => {
    posts += 1;
    return posts === 1
      ? { status: 403, body: { message: 'You have exceeded a secondary rate limit' }, headers: { 'retry-after': String(seconds) } }
      : { status: 201, body: { id: 9, html_url: 'u9', user: { login: 'github-actions[bot]' } } };
  };
  return () => posts;
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

  it('is tried again once GitHub’s whole wait is over, and the run does not escalate', async () => {
    const posts = limitedOnce(61);
    const events: RunEvent[] = [];
    const clock = new ManualClock();
    const outcome = runComment(events, { maxInterval: '2m', clock });
    const retrying = await until(events, (event) => event.type === 'step_retrying');
    expect(retrying).toMatchObject({ waitMs: 61_000 });
    expect(posts()).toBe(1);
    clock.advance(61_000);
    const ended = await outcome;
    expect(ended.reason).toBeUndefined();
    expect(ended.status).toBe('succeeded');
    expect(posts()).toBe(2);
    expect(events.flatMap((event) => (event.type === 'tool_returned' ? [event.outcome] : []))).toEqual(['failed', 'succeeded']);
  });

  // Found by a review: the write was sent again after max_interval (here 1 ms; 30 s by default) while GitHub still asked
  // to wait a minute, which it refuses again and may block the token for.
  it('is not sent again before GitHub’s wait is over: past the step’s max_interval, the refusal stands and nothing escalates', async () => {
    const posts = limitedOnce(60);
    const outcome = await runComment();
    expect(outcome.status).toBe('failed');
    expect(outcome.reason).toContain('GitHub answered 403');
    expect(posts()).toBe(1);
  });
});

// Found by an adversarial pass: GitHub asking for more than the 10 minutes a `retry-after` is read to (15 here) was read
// as asking for none, so as GitHub's one minute: under `max_interval: 2m` the write was sent again after 60 s, while
// GitHub still asked to wait 14 minutes more.
describe('a github write GitHub asks to wait longer than a retry-after is read to', () => {
  it('is not sent again before that wait is over, though the step’s max_interval passes a minute', async () => {
    const posts = limitedOnce(900);
    const events: RunEvent[] = [];
    const outcome = runComment(events, { maxInterval: '2m', clock: new ManualClock() });
    const next = await until(events, (event) => event.type === 'step_retrying' || event.type === 'step_failed');
    expect(next.type).toBe('step_failed');
    const ended = await outcome;
    expect(ended.status).toBe('failed');
    expect(ended.reason).toContain('GitHub answered 403');
    expect(posts()).toBe(1);
  });

  it('is sent again once it is over, where the step’s max_interval allows that long', async () => {
    const posts = limitedOnce(900);
    const events: RunEvent[] = [];
    const clock = new ManualClock();
    const outcome = runComment(events, { maxInterval: '20m', clock });
    const retrying = await until(events, (event) => event.type === 'step_retrying');
    expect(retrying).toMatchObject({ waitMs: 900_000 });
    clock.advance(900_000);
    expect((await outcome).status).toBe('succeeded');
    expect(posts()).toBe(2);
  });
});
