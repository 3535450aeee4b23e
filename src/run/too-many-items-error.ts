import { StepError } from '../core/step-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** A `for_each` list longer than `max_items`: refused before any child runs. */
export class TooManyItemsError extends StepError {
  readonly stepKey: string;
  readonly count: number;
  readonly maxItems: number;

  constructor(fields: { stepKey: string; count: number; maxItems: number }) {
    const count = groupDigits(fields.count);
    const max = groupDigits(fields.maxItems);
    super(`step ${fields.stepKey}: for_each gave ${count} items, more than max_items ${max}; no item was run. Raise max_items on the step or in limits, or filter the list first`, { transient: false });
    this.stepKey = fields.stepKey;
    this.count = fields.count;
    this.maxItems = fields.maxItems;
  }
}
