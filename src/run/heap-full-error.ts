import { groupDigits } from '../core/group-digits.ts';
import type { HeapUse } from './heap-watch.ts';
import { RunStoppedError } from './run-stopped-error.ts';

const megabytes = (bytes: number): string => groupDigits(Math.round(bytes / 1_048_576));

/**
 * The run's memory is nearly full: nothing new starts, running steps are cancelled, and the run fails
 * with what it completed. A run that would have grown on (a long for_each list in every item of
 * another, results kept for the steps after them) ends with its report instead of a crash.
 */
export class HeapFullError extends RunStoppedError {
  readonly usedBytes: number;
  readonly limitBytes: number;

  constructor(use: HeapUse, before: string) {
    super(
      `memory nearly full: the heap holds ${megabytes(use.usedBytes)} MB of its ${megabytes(use.limitBytes)} MB limit, so ${before} did not start; ` +
        'cut the for_each lists (max_items) or split the plan, or give node more heap (NODE_OPTIONS=--max-old-space-size=<MB>; for the action, in its workflow step\'s env:)',
      'failed',
    );
    this.usedBytes = use.usedBytes;
    this.limitBytes = use.limitBytes;
  }
}
