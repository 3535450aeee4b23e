import { describe, expect, it } from 'vitest';
import { checkRunJob, leftCheckRun, startCheckRun, type CheckRunResult } from '../../src/action/check-run.ts';
import { useCheckRunGitHub } from '../helpers/check-run-github.ts';

// Found by an adversarial pass: matrix legs without a run-key write one check run name, and GitHub gates a merge on the
// newest of a name. A leg's success written after another leg's failure opened the gate on the failed leg.

const SHA = 'c'.repeat(40);
const target = { owner: 'acme', repo: 'app', name: 'Gate', headSha: SHA };
const passed: CheckRunResult = { conclusion: 'success', title: 'Goals met', summary: '3/3 goals met' };
const failed: CheckRunResult = { conclusion: 'failure', title: 'Goals not met', summary: '1 required goal not met' };

const github = useCheckRunGitHub();
const { octokit, ours } = github;

describe('a check run whose name another job writes at the same time', () => {
  it('is completed as failed, not success, when another leg’s is in progress', async () => {
    const warnings: string[] = [];
    const leg = await startCheckRun(octokit(), target, (message) => warnings.push(message));
    github.checkRuns.push({ id: 900, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null });
    await leg!.complete(passed);
    expect(ours(leg!.id)).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    expect((ours(leg!.id)!['output'] as { summary: string }).summary).toContain("Another check run named 'Gate' (id 900, in progress) is on this commit");
    expect((ours(leg!.id)!['output'] as { summary: string }).summary).toContain('3/3 goals met');
    expect(warnings).toEqual([expect.stringContaining("The check run 'Gate' is completed as failed: Another check run named 'Gate' (id 900, in progress)")]);
  });

  it('is completed as failed when another leg’s completed while this job ran, whatever its conclusion', async () => {
    const leg = await startCheckRun(octokit(), target, () => {});
    const now = new Date().toISOString();
    github.checkRuns.push({ id: 901, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: now, completed_at: now });
    await leg!.complete(passed);
    expect(ours(leg!.id)).toMatchObject({ conclusion: 'failure', output: { title: 'Another job writes this check run' } });
  });

  it('stays a success beside an earlier attempt’s check of its name, completed before it started', async () => {
    github.checkRuns.push({ id: 902, name: 'Gate', head_sha: SHA, status: 'completed', conclusion: 'failure', started_at: '2026-12-01T10:00:00Z', completed_at: '2026-12-01T10:05:00Z' });
    const warnings: string[] = [];
    const rerun = await startCheckRun(octokit(), target, (message) => warnings.push(message));
    await rerun!.complete(passed);
    expect(ours(rerun!.id)).toMatchObject({ conclusion: 'success', output: { title: 'Goals met' } });
    expect(warnings).toEqual([]);
  });

  // A later step of the same job, run after this one was killed (its post step ends it at the job's end), is no other job.
  it('stays a success beside a check run of its name that another step of this job left in progress', async () => {
    const job = checkRunJob({ GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 3' })!;
    github.checkRuns.push({ id: 904, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null, external_id: job });
    const step = await startCheckRun(octokit(), { ...target, job }, () => {});
    await step!.complete(passed);
    expect(ours(step!.id)).toMatchObject({ conclusion: 'success', external_id: job });
    // Another leg of the matrix: another runner.
    const leg = checkRunJob({ GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 4' })!;
    const other = await startCheckRun(octokit(), { ...target, job: leg }, () => {});
    await other!.complete(passed);
    expect(ours(other!.id)).toMatchObject({ conclusion: 'failure' });
  });

  // A runner lost mid-run leaves its check run in progress for good (no post step ends it). A re-run of the workflow
  // starts only once that attempt is over: read as another job writing the name, every re-run's success was failed.
  it('stays a success beside a check run of its name an earlier attempt of this workflow run left in progress', async () => {
    const lost = checkRunJob({ GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 3' })!;
    github.checkRuns.push({ id: 905, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: '2026-12-01T10:00:00Z', completed_at: null, external_id: lost });
    const job = checkRunJob({ GITHUB_RUN_ID: '77', GITHUB_RUN_ATTEMPT: '2', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 5' })!;
    const rerun = await startCheckRun(octokit(), { ...target, job }, () => {});
    await rerun!.complete(passed);
    expect(ours(rerun!.id)).toMatchObject({ conclusion: 'success', output: { title: 'Goals met' } });
    // Another workflow run's, or a later attempt's, is still another job's.
    for (const [run, attempt] of [['78', '1'], ['77', '3']] as const) {
      const other = checkRunJob({ GITHUB_RUN_ID: run, GITHUB_RUN_ATTEMPT: attempt, GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 6' })!;
      github.checkRuns.length = 0;
      github.checkRuns.push({ id: 906, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null, external_id: other });
      const leg = await startCheckRun(octokit(), { ...target, job }, () => {});
      await leg!.complete(passed);
      expect(ours(leg!.id)).toMatchObject({ conclusion: 'failure', output: { title: 'Another job writes this check run' } });
    }
  });

  // Found by a hunt of the events: on `on: [push, pull_request]` the push's run and the pull request's both write the
  // check on the pushed commit, and the advice named only a matrix value for the run-key.
  it('says what run-key tells apart a matrix’s legs and a workflow run per event of one commit', async () => {
    const pushRun = checkRunJob({ GITHUB_RUN_ID: '80', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 7' })!;
    github.checkRuns.push({ id: 908, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null, external_id: pushRun });
    const pullRequestRun = checkRunJob({ GITHUB_RUN_ID: '81', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 8' })!;
    const warnings: string[] = [];
    const check = await startCheckRun(octokit(), { ...target, job: pullRequestRun }, (message) => warnings.push(message));
    await check!.complete(passed);
    // A key renames the check run: a rule that requires `Gate` does not match `Gate (pull_request)` (found by a review).
    expect(warnings).toEqual([
      expect.stringContaining("in a matrix, `run-key: ${{ matrix.<name> }}`. In a workflow two events start on one commit (`on: [push, pull_request]`), run the check on one of them (`if: github.event_name == 'pull_request'`), or give `run-key: ${{ github.event_name }}` and require the keyed name (`<name> (pull_request)`), as a key renames the check run."),
    ]);
  });

  // Found by an adversarial pass: the plan's name and the run-key (a matrix value, a branch) went into the check run's
  // Markdown as written, where every other text of the run there is data: `@v4` was a mention, `<img>` an image.
  it('names the check run in its summary as text, not Markdown, and as written in the warning', async () => {
    const name = 'Gate **now** <img src=https://tracker.example/p.png> (actions/checkout@v4 #12)';
    const warnings: string[] = [];
    const leg = await startCheckRun(octokit(), { ...target, name }, (message) => warnings.push(message));
    github.checkRuns.push({ id: 907, name, head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null });
    await leg!.complete(passed);
    const summary = (ours(leg!.id)!['output'] as { summary: string }).summary;
    expect(summary).toContain(String.raw`Another check run named 'Gate \*\*now\*\* \<img src=https\://tracker.example/p.png> (actions/checkout\@v4 \#12)' (id 907, in progress)`);
    expect(summary).not.toMatch(/(?<!\\)<img|(?<!\\)@v4/);
    expect(warnings).toEqual([expect.stringContaining(`The check run '${name}' is completed as failed: Another check run named '${name}' (id 907, in progress)`)]);
  });

  it('keeps a failure as it is', async () => {
    const leg = await startCheckRun(octokit(), target, () => {});
    github.checkRuns.push({ id: 903, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null });
    await leg!.complete(failed);
    expect(ours(leg!.id)).toMatchObject({ conclusion: 'failure', output: { title: 'Goals not met' } });
  });

  it('is completed as failed by the post step too, when another leg’s is in progress', async () => {
    // A main step killed after its run succeeded, while it published: the post step completes its check run as a success.
    const detailsUrl = 'https://github.com/acme/app/actions/runs/9/attempts/1';
    const leg = await startCheckRun(octokit(), { ...target, detailsUrl }, () => {});
    github.checkRuns.push({ id: 904, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null });
    const left = await leftCheckRun(octokit(), { ...target, detailsUrl, id: leg!.id! }, () => {});
    await left!.complete(passed);
    expect(ours(leg!.id)).toMatchObject({ status: 'completed', conclusion: 'failure', output: { title: 'Another job writes this check run' } });
  });
});

// Found by an adversarial pass: a killed leg whose check run create had failed on a transient error (so the main step
// saved no id) had its post step look the check run up by name and run link, which every leg of a matrix shares: it
// completed ANOTHER leg's in-progress check run as cancelled, and left its own in progress.
describe('the post step of a matrix leg that saved no check run id', () => {
  const detailsUrl = 'https://github.com/acme/app/actions/runs/9/attempts/1';
  const legA = checkRunJob({ GITHUB_RUN_ID: '9', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 1' })!;
  const legB = checkRunJob({ GITHUB_RUN_ID: '9', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'gate', RUNNER_NAME: 'GitHub Actions 2' })!;
  const inProgress = (id: number, job: string) => ({ id, name: 'Gate', head_sha: SHA, status: 'in_progress', started_at: new Date().toISOString(), completed_at: null, details_url: detailsUrl, external_id: job });

  it('finds its own check run by its job, never another leg’s of the same name and link', async () => {
    github.checkRuns.push(inProgress(910, legA), inProgress(911, legB));
    const left = await leftCheckRun(octokit(), { ...target, detailsUrl, job: legB }, () => {});
    expect(left?.id).toBe(911);
  });

  it('finds none when only another leg’s is in progress', async () => {
    github.checkRuns.push(inProgress(912, legA));
    expect(await leftCheckRun(octokit(), { ...target, detailsUrl, job: legB }, () => {})).toBeUndefined();
    expect(ours(912)).toMatchObject({ status: 'in_progress' });
  });
});
