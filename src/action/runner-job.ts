import type { RunnerEnvironment } from '../process/scrub-environment.ts';

/** The job a step runs in, from the runner's variables: the workflow run attempt, the job's key, the runner, and the job's own id. */
export interface RunnerJob {
  /** `GITHUB_RUN_ID` and `GITHUB_RUN_ATTEMPT`. */
  readonly run: string;
  readonly attempt: string;
  /** `GITHUB_JOB`: every leg of a matrix has the same. */
  readonly job: string;
  /** `RUNNER_NAME`. */
  readonly runner: string;
  /**
   * The runner's `RUNNER_TRACKING_ID` (`github_<guid>`), made once per job when it starts and given to every step of it,
   * post steps included (actions/runner, `JobExtension`: its orphan-process cleanup finds the job's processes by it);
   * absent where there is none. Run, attempt, job and runner name do not tell apart two legs of a matrix run one after
   * another on the same self-hosted runner; this does, and a killed main step's post step, or another step of the same
   * job, still has the same.
   */
  readonly instance?: string;
}

/** This job (`RunnerJob`), or undefined off a runner (one of the first four variables is missing): the check run's and the PR comment's one reading of it. */
export function runnerJob(env: RunnerEnvironment): RunnerJob | undefined {
  const [run, attempt, job, runner] = ['GITHUB_RUN_ID', 'GITHUB_RUN_ATTEMPT', 'GITHUB_JOB', 'RUNNER_NAME'].map((name) => env[name]);
  if (!run || !attempt || !job || !runner) return undefined;
  const instance = env['RUNNER_TRACKING_ID'];
  return { run, attempt, job, runner, ...(instance && { instance }) };
}
