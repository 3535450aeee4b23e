import { RunStoppedError } from './run-stopped-error.ts';

/** The run's signal was aborted (SIGINT/SIGTERM, or a caller gave up). */
export class RunCancelledError extends RunStoppedError {
  /** What the signal was aborted with, when it said (e.g. `SIGTERM`). */
  readonly signalReason?: string;

  constructor(signalReason?: unknown) {
    const said = typeof signalReason === 'string' ? signalReason : undefined;
    super(said ? `cancelled (${said})` : 'cancelled', 'cancelled', { cause: signalReason });
    if (said) this.signalReason = said;
  }
}
