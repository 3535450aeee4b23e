import { RunStoppedError } from './run-stopped-error.ts';

/**
 * A fan-out's merge job stops, failed, for a shard's stop that nothing may go on past (`ResumeState.stoppedRun`: its
 * pull request moved on): reporting that shard's items as failed and running the rest let the run pass a commit it never read.
 */
export class ShardStoppedRunError extends RunStoppedError {
  constructor(stoppedRun: string) {
    super(`${stoppedRun} (it stopped the fanned-out run: the merge job runs nothing after it)`, 'failed');
  }
}
