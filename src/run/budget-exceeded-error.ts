import { RunStoppedError } from './run-stopped-error.ts';
import { groupDigits } from '../core/group-digits.ts';
import { dollarsBesideCap } from '../core/dollars-beside-cap.ts';

/** The budget limits a run can hit. */
export type BudgetLimitName = 'max_steps' | 'max_model_calls' | 'max_tokens' | 'max_cost_usd';

function shown(limit: BudgetLimitName, allowed: number, spent: number): [string, string] {
  return limit === 'max_cost_usd' ? dollarsBesideCap(allowed, spent) : [groupDigits(allowed), groupDigits(spent)];
}

/**
 * A `limits:` budget was reached: no new step starts, running ones are cancelled, the rest skipped.
 * The message reads "budget exceeded: max_cost_usd 0.50 (spent 0.52)".
 */
export class BudgetExceededError extends RunStoppedError {
  readonly limit: BudgetLimitName;
  readonly allowed: number;
  readonly spent: number;
  /** A model call was refused before it was made (no room left for it), not made and found over the cap. */
  readonly refusedCall: boolean;

  constructor(limit: BudgetLimitName, allowed: number, spent: number, detail?: string, options: { readonly refusedCall?: boolean } = {}) {
    const [cap, used] = shown(limit, allowed, spent);
    super(`budget exceeded: ${limit} ${cap} (spent ${used}${detail ? `; ${detail}` : ''})`, 'failed');
    this.limit = limit;
    this.allowed = allowed;
    this.spent = spent;
    this.refusedCall = options.refusedCall ?? false;
  }
}
