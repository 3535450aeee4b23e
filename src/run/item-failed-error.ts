import type { ItemFailure } from '../core/run-event.ts';
import { StepError } from '../core/step-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** How many failed items an every-item-failed error names; the summary lists them all, the step's log group the first 50. */
const SHOWN_FAILURES = 3;

/**
 * A `for_each` step whose items failed: under `on_item_failure: fail` the first failure fails the step; under
 * `continue`, only a failure of every item does (no result was kept, so the step did nothing it could complete with).
 */
export class ItemFailedError extends StepError {
  readonly stepKey: string;
  readonly failures: readonly ItemFailure[];

  constructor(fields: { stepKey: string; failures: readonly ItemFailure[]; notRun: number; policy?: 'fail' | 'continue' }) {
    super(fields.policy === 'continue' ? everyItemFailed(fields.failures) : firstItemFailed(fields.failures, fields.notRun), { transient: false });
    this.stepKey = fields.stepKey;
    this.failures = fields.failures;
  }
}

/** Under `fail`: the item that stopped the step, then how many more failed and how many never ran. */
function firstItemFailed(failures: readonly ItemFailure[], notRun: number): string {
  const [first] = failures;
  const count = failures.length;
  const more = count > 1 ? ` (and ${groupDigits(count - 1)} more item${count === 2 ? '' : 's'} failed)` : '';
  const notRunText = notRun > 0 ? `; ${groupDigits(notRun)} item${notRun === 1 ? ' was' : 's were'} not run` : '';
  return `item ${first?.key ?? '?'} failed: ${first?.error ?? 'unknown error'}${more}${notRunText} (on_item_failure: fail; write on_item_failure: continue to keep the other results)`;
}

/** Under `continue`, where every item ran: the first few failures in the list's order, the same at every run. */
function everyItemFailed(failures: readonly ItemFailure[]): string {
  const count = failures.length;
  const shown = [...failures].sort((a, b) => a.index - b.index).slice(0, SHOWN_FAILURES);
  const more = count > shown.length ? `; and ${groupDigits(count - shown.length)} more` : '';
  return `every item failed (${groupDigits(count)} of ${groupDigits(count)}): ${shown.map((failure) => `${failure.key}: ${failure.error}`).join('; ')}${more} (on_item_failure: continue keeps the results of the items that succeed, and none did)`;
}
