import { describe, expect, it } from 'vitest';
import { checkRunJob, startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { useCheckRunGitHub } from '../helpers/check-run-github.ts';

// Found by an adversarial pass: matrix legs without a run-key that run one after another (`max-parallel: 1`, or jobs
// chained by `needs:`) write one check run name, and GitHub gates a merge on the newest of a name. A check run another
// leg completed before this leg started was not counted, so the later leg's success opened the gate on the failed one.

const SHA = 'e'.repeat(40);
const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: SHA };
const passed: CheckRunResult = { conclusion: 'success', title: 'Goals met', summary: '3/3 goals met' };
const leg = (run: string, attempt: string, runner: string, job = 'gate', tracking?: string) =>
  checkRunJob({ GITHUB_RUN_ID: run, GITHUB_RUN_ATTEMPT: attempt, GITHUB_JOB: job, RUNNER_NAME: runner, ...(tracking && { RUNNER_TRACKING_ID: tracking }) })!;

const github = useCheckRunGitHub();
const { octokit, ours } = github;

describe('a check run whose name an earlier leg of the same workflow run attempt wrote', () => {
  it('is completed as failed, not success, though that leg’s completed before this one started', async () => {
    github.checkRuns.push({ id: 920, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:05:00Z', external_id: leg('77', '1', 'GitHub Actions 3') });
    const warnings: string[] = [];
    const later = await startCheckRun(octokit(), { ...target, job: leg('77', '1', 'GitHub Actions 4') }, (message) => warnings.push(message));
    await later!.complete(passed);
    expect(ours(later!.id)).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    expect(warnings).toEqual([expect.stringContaining("Another check run named 'Gate' (id 920, completed")]);
  });

  it('stays a success beside another workflow run’s, or an earlier attempt’s, completed before it started', async () => {
    for (const [run, attempt] of [['78', '1'], ['77', '1']] as const) {
      github.checkRuns.length = 0;
      github.checkRuns.push({ id: 921, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:05:00Z', external_id: leg(run, attempt, 'GitHub Actions 3') });
      const later = await startCheckRun(octokit(), { ...target, job: leg('77', '2', 'GitHub Actions 4') }, () => {});
      await later!.complete(passed);
      expect(ours(later!.id)).toMatchObject({ conclusion: 'success', output: { title: 'Goals met' } });
    }
  });

  // Found by a review: the README's `mode: plan` job ends its check run `action_required`, and the job after it that
  // runs the frozen plan (`needs:`) writes the same name; counting every job of the attempt failed the run job's pass.
  // A leg that passed hides nothing either.
  it('stays a success beside another job’s of the workflow (mode: plan before the run), or a leg’s that passed', async () => {
    for (const [job, conclusion] of [['plan', 'action_required'], ['gate', 'success'], ['gate', 'neutral']] as const) {
      github.checkRuns.length = 0;
      github.checkRuns.push({ id: 922, name: 'Gate', head_sha: SHA, status: 'completed', conclusion, started_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:05:00Z', external_id: leg('77', '1', 'GitHub Actions 3', job) });
      const later = await startCheckRun(octokit(), { ...target, job: leg('77', '1', 'GitHub Actions 4') }, () => {});
      await later!.complete(passed);
      expect(ours(later!.id)).toMatchObject({ conclusion: 'success', output: { title: 'Goals met' } });
    }
  });

  // Found by an adversarial pass: one self-hosted runner runs a matrix's legs one after another, under one runner name;
  // only the job's own id (the runner's RUNNER_TRACKING_ID, one per job) tells the second leg from the first.
  it('is completed as failed beside an earlier leg that failed on the same runner, and stays a success beside its own job’s', async () => {
    github.checkRuns.push({ id: 924, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:05:00Z', external_id: leg('77', '1', 'build-box', 'gate', 'github_1111') });
    const later = await startCheckRun(octokit(), { ...target, job: leg('77', '1', 'build-box', 'gate', 'github_2222') }, () => {});
    await later!.complete(passed);
    expect(ours(later!.id)).toMatchObject({ conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    // Another step of the same job (a step run after a killed one): the same id.
    github.checkRuns.length = 0;
    github.checkRuns.push({ id: 925, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null, external_id: leg('77', '1', 'build-box', 'gate', 'github_2222') });
    const step = await startCheckRun(octokit(), { ...target, job: leg('77', '1', 'build-box', 'gate', 'github_2222') }, () => {});
    await step!.complete(passed);
    expect(ours(step!.id)).toMatchObject({ conclusion: 'success' });
  });

  it('is completed as failed beside a leg that ended cancelled or awaiting approval', async () => {
    for (const conclusion of ['cancelled', 'action_required'] as const) {
      github.checkRuns.length = 0;
      github.checkRuns.push({ id: 923, name: 'Gate', head_sha: SHA, status: 'completed', conclusion, started_at: '2026-01-01T10:00:00Z', completed_at: '2026-01-01T10:05:00Z', external_id: leg('77', '1', 'GitHub Actions 3') });
      const later = await startCheckRun(octokit(), { ...target, job: leg('77', '1', 'GitHub Actions 4') }, () => {});
      await later!.complete(passed);
      expect(ours(later!.id)).toMatchObject({ conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    }
  });
});
