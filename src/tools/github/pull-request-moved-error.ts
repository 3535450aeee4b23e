import { StepError } from '../../core/step-error.ts';

/**
 * A read of the run's pull request found its head moved on from the commit the run is for (a push during the run). It
 * stops the run (`stopsRun`): an agent told of it, a replan or an item gone past it let the run pass that commit unread.
 */
export class PullRequestMovedError extends StepError {
  readonly pullNumber: number;
  /** The commit the run, its comment and its check run are for. */
  readonly runSha: string;
  /** The pull request's head now. */
  readonly headSha: string;

  constructor(options: { toolName: string; target: string; pullNumber: number; runSha: string; headSha: string }) {
    const { toolName, target, pullNumber, runSha, headSha } = options;
    super(
      `${toolName}: pull request #${pullNumber} of ${target} moved on to commit ${headSha} during the run, which is for commit ${runSha}: ` +
        `what it reads now is the newer commit's, not the one this run reports on; a run for ${headSha.slice(0, 7)} checks it`,
      { transient: false, toolName, stopsRun: true },
    );
    this.pullNumber = pullNumber;
    this.runSha = runSha;
    this.headSha = headSha;
  }
}
