import { joinEarlierAttempts, type EarlierAttempts, type EarlierFailure, type EarlierReplan } from '../core/earlier-attempts.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { RunEvent } from '../core/run-event.ts';

/**
 * What a resumed run's replanner is told of the runs before it: those its trace carried (`plan_created`'s
 * `earlier`), then the failures of the run read (its own steps', not a used plan's, which its step's failure
 * holds) and its replans, in order. A step failed by the run's stop (a cancel, a budget, an escalation) did not
 * fail on its own: its error is the stop's, and it is left out.
 */
export function readEarlierAttempts(events: readonly RunEvent[], from: string): EarlierAttempts | undefined {
  const steps = new Map<string, PlanStep>();
  const own: (EarlierFailure | EarlierReplan)[] = [];
  let carried: EarlierAttempts | undefined;
  let stop: string | undefined;
  for (const event of events) {
    if (event.type === 'plan_created' || event.type === 'plan_revised') for (const step of event.plan.steps) steps.set(step.key, step);
    if (event.type === 'plan_created') carried = event.earlier;
    else if (event.type === 'plan_revised') own.push({ kind: 'replanned', in: from, revision: event.plan.revision, reason: event.reason });
    // The run's reason: a stop's message, which each step it aborted failed with (a step's own failure is never "step … failed: …").
    else if (event.type === 'run_finished' && event.reason) stop = event.reason;
    else if (event.type === 'step_failed') {
      const step = steps.get(event.stepKey);
      own.push({
        kind: 'failed',
        in: from,
        stepKey: event.stepKey,
        call: step?.tool ?? step?.type ?? 'step',
        args: JSON.stringify(step?.args ?? {}),
        error: event.error,
        attempts: event.attempts ?? 1,
        ...(event.transient && { transient: true as const }),
      });
    }
  }
  const failedOnTheirOwn = stop === undefined ? own : own.filter((entry) => entry.kind !== 'failed' || !entry.error.startsWith(stop));
  const earlier = joinEarlierAttempts(carried, failedOnTheirOwn);
  return earlier.length === 0 ? undefined : earlier;
}
