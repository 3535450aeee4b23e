import { existsSync } from 'node:fs';
import path from 'node:path';
import { githubRunContext } from '../github/github-run-context.ts';
import type { RunnerEnvironment } from '../process/scrub-environment.ts';
import { ActionInputs, type InputName } from './action-inputs.ts';
import { givenPlan, type ActionSettings } from './action-settings.ts';
import { keyedPlanId } from './run-key.ts';

/** What a refused merge job needs to end its fanned-out run's shared comment (`refusedMergeJob`). */
export interface RefusedMergeJob extends Pick<ActionSettings, 'comment' | 'githubToken' | 'github'> {
  /** What names the run in the comment's marker (`keyedPlanId`). */
  readonly planId: string;
}

/** The inputs `refusedMergeJob` reads: the few that name the comment and say where and how to write it. */
const MergeJobInputs = ActionInputs.pick({ mode: true, plan: true, task: true, 'run-key': true, comment: true, 'github-token': true });

/**
 * A merge job's comment, read from the inputs that name it alone, when `readActionSettings` refused the others
 * (an empty or malformed `prepared`: the prepare job did not pass its output on). Undefined for a job of another
 * mode, or when those inputs are refused too (the other jobs, given the same, wrote no comment).
 */
export function refusedMergeJob(getInput: (name: InputName) => string, env: RunnerEnvironment, fileExists: (file: string) => boolean = existsSync): RefusedMergeJob | undefined {
  const parsed = MergeJobInputs.safeParse(Object.fromEntries(Object.keys(MergeJobInputs.shape).map((name) => [name, getInput(name as InputName)])));
  // Only on a runner: a merge job needs its artifact service.
  const workspace = env['GITHUB_WORKSPACE'];
  if (!parsed.success || parsed.data.mode !== 'merge' || !workspace) return undefined;
  const inputs = parsed.data;
  const { planPath } = givenPlan(path.resolve(workspace), inputs, fileExists);
  const githubToken = inputs['github-token'] || env['GITHUB_TOKEN'];
  return {
    planId: keyedPlanId({ planPath, ...(inputs['run-key'] !== undefined && { runKey: inputs['run-key'] }) }),
    comment: inputs.comment,
    ...(githubToken && { githubToken }),
    github: githubRunContext(env),
  };
}
