import { describe, expect, it } from 'vitest';
import { startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { useCheckRunGitHub } from '../helpers/check-run-github.ts';

// Found by an adversarial pass: a required check passes on `neutral` as on `success`. Matrix legs without a run-key
// (fail-on-unmet-goals: false) write one check run name, and a leg's `neutral` written after another leg's `failure`
// opened the gate on the failed leg: only a `success` was checked against another job writing the name.

const SHA = 'd'.repeat(40);
const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: SHA };
const reported: CheckRunResult = { conclusion: 'neutral', title: 'goals-unmet — 2/3 goals met', summary: '1 goal not met' };

const github = useCheckRunGitHub();
const { octokit, ours } = github;

describe('a neutral check run whose name another job writes at the same time', () => {
  it('is completed as failed, not neutral, when another leg’s failed while this job ran', async () => {
    const warnings: string[] = [];
    const leg = await startCheckRun(octokit(), target, (message) => warnings.push(message));
    const now = new Date().toISOString();
    github.checkRuns.push({ id: 910, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: now, completed_at: now });
    await leg!.complete(reported);
    expect(ours(leg!.id)).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    expect((ours(leg!.id)!['output'] as { summary: string }).summary).toContain('1 goal not met');
    expect(warnings).toEqual([expect.stringContaining("The check run 'Gate' is completed as failed: Another check run named 'Gate' (id 910")]);
  });

  it('stays neutral with no other check run of its name', async () => {
    const leg = await startCheckRun(octokit(), target, () => {});
    await leg!.complete(reported);
    expect(ours(leg!.id)).toMatchObject({ conclusion: 'neutral', output: { title: 'goals-unmet — 2/3 goals met' } });
  });
});
