import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { createOctokit } from '../../src/github/create-octokit.ts';
import { zeroSpacingThrottle } from '../github/zero-spacing-throttle.ts';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.ts';

// Found by an adversarial hunt for gates that open by mistake: a check run whose create met a 502 was left
// out, and a re-run's failure then left the earlier attempt's `success` of the same name on the commit as
// the check a merge is gated on.

const SHA = 'a'.repeat(40);
const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: SHA, detailsUrl: 'https://github.com/acme/app/actions/runs/9/attempts/2' };
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

describe('a check run whose create fails', () => {
  it('for a while (a 502) is created with the run’s result at its end, after the earlier attempt’s success', async () => {
    github.checkRuns.push({ id: 500, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'success' });
    github.fail('checks/create', { status: 502 });
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), target, (message) => warnings.push(message));
    expect(warnings).toEqual([expect.stringContaining("Could not create the check run 'Gate' (")]);
    expect(warnings[0]).toContain("it is created with the run's result when the run ends");
    await check!.complete(failed);
    expect(github.checkRuns.filter((run) => run['head_sha'] === SHA).at(-1)).toMatchObject({ name: 'Gate', status: 'completed', conclusion: 'failure', details_url: target.detailsUrl, output: { title: 'Goals not met' } });
    expect(warnings).toHaveLength(1);
  });

  it('at the end too says there is none, and that an earlier one may still show', async () => {
    github.fail('checks/create', { status: 502 }, { status: 503 });
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), target, (message) => warnings.push(message), { maxAttempts: 1 });
    await check!.complete(failed);
    expect(github.checkRuns).toEqual([]);
    expect(warnings[1]).toMatch(/^Could not create the check run 'Gate': .*There is none on GitHub \(an earlier run's of that name on the commit may still show\)/);
  });

  it('for good (no `checks: write`) leaves it out, saying what to grant', async () => {
    github.fail('checks/create', { status: 403, body: { message: 'Resource not accessible by integration' } });
    const warnings: string[] = [];
    expect(await startCheckRun(octokit(), target, (message) => warnings.push(message))).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('Give the workflow `checks: write`')]);
    // A re-run whose token lost the permission: an earlier attempt's `success` may be the check a merge rule reads.
    expect(warnings[0]).toContain("an earlier run's of that name on the commit may still show, and a rule that requires it reads that one");
  });
});
