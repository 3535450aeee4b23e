import { RunStoppedError } from './run-stopped-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** The budget limits a run can hit. */
export type BudgetLimitName = 'max_steps' | 'max_model_calls' | 'max_tokens' | 'max_cost_usd';

function shown(limit: BudgetLimitName, value: number): string {
  return limit === 'max_cost_usd' ? value.toFixed(2) : groupDigits(value);
}

/**
 * A `limits:` budget was reached: no new step starts, running ones are cancelled, the rest skipped.
 * The message reads "budget exceeded: max_cost_usd 0.50 (spent 0.52)".
 */
export class BudgetExceededError extends RunStoppedError {
  readonly limit: BudgetLimitName;
  readonly allowed: number;
  readonly spent: number;

  constructor(limit: BudgetLimitName, allowed: number, spent: number, detail?: string) {
    super(`budget exceeded: ${limit} ${shown(limit, allowed)} (spent ${shown(limit, spent)}${detail ? `; ${detail}` : ''})`, 'failed');
    this.limit = limit;
    this.allowed = allowed;
    this.spent = spent;
  }
}
