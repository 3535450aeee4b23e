import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import type { Clock } from '../../src/core/clock.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// Found by an adversarial pass: a secondary rate limit asking for 60 s met by the final PATCH was tried again
// after 10 s (the backoff's cap), three more times within 30 s, each refused, and the required check stayed in
// progress, blocking the merge, while the PR comment of the same run waited the limit out and was written.

/** Time that passes only when the check run sleeps. */
class VirtualClock implements Clock {
  time = 0;
  now(): number {
    return this.time;
  }
  async sleep(ms: number): Promise<void> {
    this.time += Math.max(0, ms);
  }
}

const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: 'a'.repeat(40) };
const failed: CheckRunResult = { conclusion: 'failure', title: 'Goals not met', summary: '1 required goal not met' };
const secondary = (seconds: number) => ({
  status: 403,
  headers: { 'retry-after': String(seconds) },
  body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api' },
});

let github: FakeGitHub;
let clock: VirtualClock;
let updateTimes: number[];
beforeEach(async () => {
  github = await startFakeGitHub();
  clock = new VirtualClock();
  updateTimes = [];
  github.onRequest = (request) => {
    if (request.operationId === 'checks/update') updateTimes.push(clock.now());
  };
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });

describe('completing a check run met by a secondary rate limit', () => {
  it('waits out a retry-after of 60 s, never sooner, and the check completes', async () => {
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), target, (message) => warnings.push(message), { clock });
    github.fail('checks/update', secondary(60));
    await check!.complete(failed);
    expect(updateTimes).toHaveLength(2);
    expect(updateTimes[1]! - updateTimes[0]!).toBeGreaterThanOrEqual(60_000);
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(warnings).toEqual([]);
  });

  it('gives up at once, saying so, on a retry-after past what it may wait', async () => {
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), target, (message) => warnings.push(message), { clock });
    github.fail('checks/update', secondary(600));
    await check!.complete(failed);
    expect(updateTimes).toHaveLength(1);
    expect(github.checkRuns[0]).toMatchObject({ status: 'in_progress' });
    expect(warnings).toEqual([expect.stringContaining("Could not complete the check run 'Gate'")]);
  });

  // A wait past 10 minutes was read as none: the check run was written again 1, 2 and 4 s later, each refused, and the
  // warning did not say GitHub had asked for 20 minutes.
  it('writes no sooner than a rate limit past 10 minutes allows, and says how long GitHub asked to wait', async () => {
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), target, (message) => warnings.push(message), { clock });
    github.fail('checks/update', secondary(1200));
    await check!.complete(failed);
    expect(updateTimes).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/^Could not complete the check run 'Gate': HTTP 403 You have exceeded a secondary rate limit\..*GitHub asks for no write for 20 min, past the 2 min 30 s plan-runner waits for it\. It stays in progress on GitHub/)]);
  });

  it('waits out a rate limit past 10 minutes that fits a longer bound, and the check completes', async () => {
    const check = await startCheckRun(octokit(), target, () => {}, { clock, completeTimeoutMs: 30 * 60_000 });
    github.fail('checks/update', secondary(1200));
    await check!.complete(failed);
    expect(updateTimes).toHaveLength(2);
    expect(updateTimes[1]! - updateTimes[0]!).toBeGreaterThanOrEqual(1_200_000);
    expect(github.checkRuns[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });
});
