import type { RunOutcome } from './run-outcome.ts';
import type { RunStoppedError } from './run-stopped-error.ts';

/** A step that failed for good, in the order failures happened. */
export interface StepFailure {
  readonly stepKey: string;
  readonly error: string;
}

/** The run's status and reason: a stop (cancel, timeout) wins, then the first failed step. */
export function runVerdict(
  stop: RunStoppedError | undefined,
  failures: readonly StepFailure[],
): Pick<RunOutcome, 'status' | 'reason'> {
  if (stop) return { status: stop.status, reason: stop.message };
  const [first] = failures;
  if (!first) return { status: 'succeeded' };
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more failed)` : '';
  return { status: 'failed', reason: `step ${first.stepKey} failed: ${first.error}${more}` };
}
