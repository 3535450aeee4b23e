import type { StepState } from '../core/run-event.ts';
import type { RunOutcome } from './run-outcome.ts';
import type { RunStoppedError } from './run-stopped-error.ts';

/** A step that failed for good, in the order failures happened. */
export interface StepFailure {
  readonly stepKey: string;
  readonly error: string;
}

/** The plan's final step when it did not complete, so the run has no result. */
export interface MissingResult {
  readonly stepKey: string;
  readonly state: StepState | undefined;
  readonly error?: string;
  readonly skipReason?: string;
  /** The failed step whose `on_failure: continue` let the run go on without this one. */
  readonly skippedFor?: string;
}

/** A step that runs a used plan whose required goals gate the run, and did not complete (see `PlanRun.uncheckedGate`). */
export interface UncheckedGate {
  readonly stepKey: string;
  readonly uses: string;
  readonly state: StepState | undefined;
  readonly skipReason?: string;
  /** The failed step whose `on_failure: continue` let the run go on without this one. */
  readonly skippedFor?: string;
}

/**
 * The run's status and reason: a stop (cancel, timeout) wins, then the first failed step, then
 * steps waiting for approval (`awaiting-approval`: nothing failed), then a step whose used plan's goals gate the run
 * and were not checked, then a final step that did not complete (`on_failure: continue` can leave a run with no result).
 */
export function runVerdict(
  stop: RunStoppedError | undefined,
  failures: readonly StepFailure[],
  missing?: MissingResult,
  waiting: readonly string[] = [],
  gate?: UncheckedGate,
): Pick<RunOutcome, 'status' | 'reason'> {
  if (stop) return { status: stop.status, reason: stop.message };
  const [first] = failures;
  if (first) {
    const more = failures.length > 1 ? ` (and ${failures.length - 1} more failed)` : '';
    return { status: 'failed', reason: `step ${first.stepKey} failed: ${first.error}${more}` };
  }
  if (waiting.length > 0) {
    const steps = `step${waiting.length === 1 ? '' : 's'} ${waiting.join(', ')}`;
    return { status: 'awaiting-approval', reason: `${steps} ${waiting.length === 1 ? 'waits' : 'wait'} for approval; steps that did not need it have run` };
  }
  // A gate that could not be evaluated is a failed gate.
  if (gate) return { status: 'failed', reason: uncheckedGateReason(gate) };
  if (missing) return { status: 'failed', reason: missingResultReason(missing) };
  return { status: 'succeeded' };
}

function uncheckedGateReason(gate: UncheckedGate): string {
  const what =
    gate.skippedFor !== undefined
      ? `it was skipped because step ${gate.skippedFor} failed (on_failure: continue)`
      : gate.state === 'skipped'
        ? `it was skipped (${gate.skipReason ?? 'no reason given'})`
        : gate.state === 'failed'
          ? 'it failed'
          : 'it did not complete';
  return `the goals of the plan ${gate.uses}, which gate this run, were not checked: step ${gate.stepKey} runs it, and ${what}`;
}

function missingResultReason(missing: MissingResult): string {
  const final = `the final step ${missing.stepKey}`;
  if (missing.state === 'failed') return `${final} failed (on_failure: continue), so the run has no result: ${missing.error ?? 'unknown error'}`;
  if (missing.skippedFor !== undefined) return `${final} did not run: it was skipped because step ${missing.skippedFor} failed (on_failure: continue)`;
  if (missing.state === 'skipped') return `${final} did not run: it was skipped (${missing.skipReason ?? 'no reason given'})`;
  return `${final} did not complete, so the run has no result`;
}
