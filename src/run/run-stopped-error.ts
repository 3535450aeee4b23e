import type { RunStatus } from '../core/run-event.ts';

/**
 * Why a whole run stopped early (cancel, run timeout; later budgets). It is the abort reason every
 * running step sees, and its message is the reason pending steps are skipped with.
 */
export class RunStoppedError extends Error {
  /** The status the run ends with. */
  readonly status: Extract<RunStatus, 'failed' | 'cancelled' | 'escalated'>;

  constructor(message: string, status: RunStoppedError['status'], options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.status = status;
  }
}
