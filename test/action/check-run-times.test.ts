import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leftCheckRun, startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { systemClock } from '../../src/core/clock.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// Found by an adversarial pass: the check run's `started_at` and `completed_at` were the run's clock read as a date,
// and that clock (`performance.now()`) counts from the process's start: GitHub showed the check as started in 1970,
// and the post step, a new process, completed a killed run's check before it had started.

const SHA = 'a'.repeat(40);
const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: SHA, detailsUrl: 'https://github.com/acme/app/actions/runs/9/attempts/1' };
const failed: CheckRunResult = { conclusion: 'failure', title: 'Goals not met', summary: '1 required goal not met' };

let github: FakeGitHub;
beforeEach(async () => {
  github = await startFakeGitHub();
});
afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.stop();
});

const octokit = () => createOctokit({ token: 't', baseUrl: github.url, warn: () => {}, throttle: zeroSpacingThrottle() });
const at = (field: string): number => Date.parse(String(github.checkRuns[0]?.[field]));

describe('a check run’s times', () => {
  it('are dates of now, not the run’s clock since the process started', async () => {
    const before = Date.now();
    const check = await startCheckRun(octokit(), target, () => {}, { clock: systemClock });
    await check!.complete(failed);
    const after = Date.now();
    expect(at('started_at')).toBeGreaterThanOrEqual(before);
    expect(at('completed_at')).toBeGreaterThanOrEqual(at('started_at'));
    expect(at('completed_at')).toBeLessThanOrEqual(after);
  });

  it('of a killed run’s check the post step ends: completed after it started', async () => {
    const check = await startCheckRun(octokit(), target, () => {}, { clock: systemClock });
    const left = await leftCheckRun(octokit(), { ...target, id: check!.id! }, () => {}, { clock: { now: () => 1, sleep: async () => {} } });
    await left!.complete(failed);
    expect(github.checkRuns).toHaveLength(1);
    expect(at('completed_at')).toBeGreaterThanOrEqual(at('started_at'));
  });
});
