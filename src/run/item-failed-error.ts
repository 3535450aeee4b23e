import type { ItemFailure } from '../core/run-event.ts';
import { StepError } from '../core/step-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/**
 * A `for_each` step whose items failed: under `on_item_failure: fail` the first failure fails the step; under
 * `continue`, only a failure of every item does (no result was kept, so the step did nothing it could complete with).
 */
export class ItemFailedError extends StepError {
  readonly stepKey: string;
  readonly failures: readonly ItemFailure[];

  constructor(fields: { stepKey: string; failures: readonly ItemFailure[]; notRun: number; policy?: 'fail' | 'continue' }) {
    // Under continue the items all ran: the first in the list's order, the same at every run.
    const first = fields.policy === 'continue' ? fields.failures.reduce<ItemFailure | undefined>((low, failure) => (low === undefined || failure.index < low.index ? failure : low), undefined) : fields.failures[0];
    const count = fields.failures.length;
    const more = count > 1 ? ` (and ${groupDigits(count - 1)} more item${count === 2 ? '' : 's'} failed)` : '';
    const notRun = fields.notRun > 0 ? `; ${groupDigits(fields.notRun)} item${fields.notRun === 1 ? ' was' : 's were'} not run` : '';
    const firstFailure = `item ${first?.key ?? '?'} failed: ${first?.error ?? 'unknown error'}`;
    super(
      fields.policy === 'continue'
        ? `every item failed (${groupDigits(count)} of ${groupDigits(count)}); the first, ${firstFailure} (on_item_failure: continue keeps the results of the items that succeed, and none did)`
        : `${firstFailure}${more}${notRun} (on_item_failure: fail; write on_item_failure: continue to keep the other results)`,
      { transient: false },
    );
    this.stepKey = fields.stepKey;
    this.failures = fields.failures;
  }
}
