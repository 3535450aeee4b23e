import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActionBundle, type ActionBundle } from './action-bundle.ts';
import { removeActionRuns, runActionBundle } from './start-action.ts';
import { startFakeArtifactService } from '../helpers/artifact-server.ts';

// The post step (`runs.post`) runs after the main step however it ended, `post-if: always()`. It told
// itself apart from the main step by a state the main step saved at its start; a main step cancelled
// before that (its first half second: loading, reading the inputs) left none, and its post step ran the
// whole plan as a main step, side effects included, and reported success (found by an adversarial pass).
let bundle: ActionBundle;

beforeAll(async () => {
  bundle = await buildActionBundle();
}, 600_000);

afterAll(async () => {
  await removeActionRuns();
});

const DEPLOY = `name: Deploy
tools:
  deploy:
    description: Deploys (appends to deployed.log).
    command: [sh, -c, 'echo deployed >> deployed.log; echo deployed']
    side_effects: true
workflow_sequence:
  - id: 1
    type: tool_call
    tool: deploy
    args: {}
goals:
  - name: deployed
    contains: deployed
`;

describe('the post step', () => {
  it('of a main step that saved nothing (cancelled as it started) runs no step and fails nothing', async () => {
    const post = await runActionBundle({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', comment: 'never' }, post: true });
    expect(existsSync(path.join(post.workspace, 'deployed.log'))).toBe(false);
    expect(post.exitCode).toBe(0);
    expect(post.outputs['status']).toBeUndefined();
    expect(post.stdout).not.toContain('deploy');
  });

  it('after a main step that ended with no state left to save, ends at once, saying so, without loading the bundle', async () => {
    const main = await runActionBundle({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', comment: 'never' } });
    expect(main.exitCode, main.stdout + main.stderr).toBe(0);
    const post = await runActionBundle({ entry: bundle.entry, files: {}, sameJobAs: main, post: true });
    expect(post.exitCode).toBe(0);
    // Only the post entry's own line: the bundle (which says where the run's state is kept) never loaded.
    expect(post.stdout).toBe('plan-runner (post): nothing to do: the main step ended and left no state to save.\n');
    expect(post.stderr).toBe('');
    expect(post.summary).toBe('');
    expect(readFileSync(path.join(post.workspace, 'deployed.log'), 'utf8')).toBe('deployed\n');
  });

  it('after a main step whose state upload was refused, saves the trace it left, so a re-run can resume', async (context) => {
    const artifacts = await startFakeArtifactService();
    context.onTestFinished(() => artifacts.stop());
    const run = { runId: 77, backendId: 'post-step-run' };
    const job = { entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', comment: 'never' }, env: artifacts.env(run) };
    artifacts.refuseCreates = 'Artifact storage quota has been hit. Unable to upload any new artifacts.';
    const main = await runActionBundle(job);
    expect(main.exitCode, main.stdout + main.stderr).toBe(0);
    expect(main.stdout).toContain('Could not save the run');
    expect(artifacts.artifactsOf(run)).toEqual([]);

    artifacts.refuseCreates = undefined;
    const post = await runActionBundle({ ...job, files: {}, sameJobAs: main, post: true });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toContain('ended without saving');
    expect(artifacts.artifactsOf(run).map((artifact) => artifact.bytes.toString('utf8'))).toEqual([main.trace]);
    expect(artifacts.violations).toEqual([]);
  });

  // The service keeps the name of an upload it never finalized for the rest of the workflow run, unlisted: the post
  // step's save of it was refused, taken for another job's, saved aside as a clash, and no re-run resumed.
  it('after a main step whose state upload was cut once the service took its name, saves the trace under the next name, and a re-run resumes it', async (context) => {
    const artifacts = await startFakeArtifactService();
    context.onTestFinished(() => artifacts.stop());
    const run = { runId: 78, backendId: 'post-step-cut-upload' };
    const job = (attempt: number) => ({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', comment: 'never' }, env: { ...artifacts.env(run, `job-${attempt}`), GITHUB_RUN_ATTEMPT: String(attempt) } });
    artifacts.refuseFinalizes = 'Forbidden';
    const main = await runActionBundle(job(1));
    expect(main.stdout).toContain('Could not save the run');
    artifacts.refuseFinalizes = undefined;
    const post = await runActionBundle({ ...job(1), files: {}, sameJobAs: main, post: true });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).not.toContain('Another job');
    expect(artifacts.artifactsOf(run).map((artifact) => artifact.name)).toEqual([expect.stringMatching(/-attempt-1-in-place-1\.jsonl$/)]);

    const rerun = await runActionBundle(job(2));
    expect(rerun.exitCode, rerun.stdout + rerun.stderr).toBe(0);
    expect(rerun.stdout).toContain('resuming from the state attempt 1 saved');
    // The deploy is reused, not made again (each attempt is a fresh runner).
    expect(existsSync(path.join(rerun.workspace, 'deployed.log'))).toBe(false);
    expect(artifacts.violations).toEqual([]);
  });

  it('with inputs the main step refused says nothing and fails nothing: the main step’s verdict stands', async () => {
    const post = await runActionBundle({ entry: bundle.entry, files: { 'plan.yml': DEPLOY }, inputs: { plan: 'plan.yml', mode: 'bogus' }, post: true });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).not.toContain('::error');
  });
});
