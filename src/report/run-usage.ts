import type { RunRecord } from '../core/run-record.ts';
import { NO_USAGE, addUsage, type Usage } from '../core/usage.ts';

/** The run's model use: as the run reported it when it finished, else the sum over its steps so far. */
export function runUsage(record: RunRecord): Usage {
  return record.status === undefined ? [...record.steps.values()].reduce((sum, step) => addUsage(sum, step.usage), NO_USAGE) : record.usage;
}
