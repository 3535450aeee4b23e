import { RunStoppedError } from './run-stopped-error.ts';

/** The run went past `limits.timeout_minutes`. */
export class RunTimeoutError extends RunStoppedError {
  readonly timeoutMinutes: number;

  constructor(timeoutMinutes: number) {
    super(`run timed out after ${timeoutMinutes} min`, 'failed');
    this.timeoutMinutes = timeoutMinutes;
  }
}
