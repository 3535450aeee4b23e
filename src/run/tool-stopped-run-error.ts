import type { StepError } from '../core/step-error.ts';
import { RunStoppedError } from './run-stopped-error.ts';

/** A tool call failed so that nothing may go on past it (`StepError.stopsRun`): the run stops, failed, with its message. */
export class ToolStoppedRunError extends RunStoppedError {
  constructor(error: StepError) {
    super(error.message, 'failed', { cause: error });
  }
}
