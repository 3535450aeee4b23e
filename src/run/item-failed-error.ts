import type { ItemFailure } from '../core/run-event.ts';
import { StepError } from '../core/step-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** A `for_each` step with `on_item_failure: fail` whose item failed: the step fails with it. */
export class ItemFailedError extends StepError {
  readonly stepKey: string;
  readonly failures: readonly ItemFailure[];

  constructor(fields: { stepKey: string; failures: readonly ItemFailure[]; notRun: number }) {
    const [first] = fields.failures;
    const more = fields.failures.length > 1 ? ` (and ${fields.failures.length - 1} more item${fields.failures.length === 2 ? '' : 's'} failed)` : '';
    const notRun = fields.notRun > 0 ? `; ${groupDigits(fields.notRun)} item${fields.notRun === 1 ? ' was' : 's were'} not run` : '';
    super(`item ${first?.key ?? '?'} failed: ${first?.error ?? 'unknown error'}${more}${notRun} (on_item_failure: fail; write on_item_failure: continue to keep the other results)`, { transient: false });
    this.stepKey = fields.stepKey;
    this.failures = fields.failures;
  }
}
