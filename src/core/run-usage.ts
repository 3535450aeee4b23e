import type { RunRecord, StepRecord } from './run-record.ts';
import { NO_USAGE, addUsage, type Usage } from './usage.ts';

/**
 * The run's model use: as the run reported it when it finished, else what its events charged so far
 * (a run killed mid-run): each step's, a running step's up to now, and the calls no step owns.
 */
export function runUsage(record: RunRecord): Usage {
  return record.status === undefined ? addUsage(stepsUsage(record), record.spentOutsideSteps ?? NO_USAGE) : record.usage;
}

/**
 * What a step used: once it ended, as it reported; while it runs, what was charged to it so far (a used
 * plan's, its steps' and what they charged after they ended, which no other figure has).
 */
export function stepUsageSoFar(step: StepRecord): Usage {
  if (step.state !== 'in_progress') return step.usage;
  const own = step.spent ?? NO_USAGE;
  return step.nested ? addUsage(own, addUsage(stepsUsage(step.nested), step.nested.spentOutsideSteps ?? NO_USAGE)) : own;
}

/** The model use of a run's steps (a used plan's step reports the same sum as its use). */
function stepsUsage(record: RunRecord): Usage {
  let usage = NO_USAGE;
  for (const step of record.steps.values()) usage = addUsage(usage, stepUsageSoFar(step));
  return usage;
}
