import { RunStoppedError } from './run-stopped-error.ts';

/**
 * The run's trace can no longer be written (a full disk), and a step was about to make a call with
 * side effects: the call is not made (a resume could not know of it, and would make it again), and
 * the run stops, failed. No replan or agent turn can mend it.
 */
export class RecordLostError extends RunStoppedError {
  constructor(tool: string, problem: string) {
    super(`${tool} was not called: it has side effects, and ${problem}, so a resume could not know it was made and would make it again; free the space and run again`, 'failed');
  }
}
