import type { RunnerEnvironment } from '../process/scrub-environment.ts';

/**
 * This job's own id: the runner's `RUNNER_TRACKING_ID` (`github_<guid>`), made once per job when it starts and given
 * to every step of it, post steps included (actions/runner, `JobExtension`: its orphan-process cleanup finds the job's
 * processes by it); undefined where there is none. Run, attempt, job and runner name do not tell apart two legs of a
 * matrix run one after another on the same self-hosted runner; this does, and a killed main step's post step, or
 * another step of the same job, still has the same.
 */
export function jobInstance(env: RunnerEnvironment): string | undefined {
  return env['RUNNER_TRACKING_ID'] || undefined;
}
