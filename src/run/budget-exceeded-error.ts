import { RunStoppedError } from './run-stopped-error.ts';
import { groupDigits } from '../core/group-digits.ts';

/** The budget limits a run can hit. */
export type BudgetLimitName = 'max_steps' | 'max_model_calls' | 'max_tokens' | 'max_cost_usd';

/**
 * Dollar figures with the decimals the cap needs for two significant digits (at least cents: 0.50,
 * 0.0010), and more while a spend over the cap would still print as the cap.
 */
function dollars(allowed: number, spent: number): [string, string] {
  const MAX_DECIMALS = 10;
  let decimals = allowed > 0 && Number.isFinite(allowed) ? Math.min(MAX_DECIMALS, Math.max(2, 1 - Math.floor(Math.log10(allowed)))) : 2;
  while (decimals < MAX_DECIMALS && spent !== allowed && spent.toFixed(decimals) === allowed.toFixed(decimals)) decimals += 1;
  return [allowed.toFixed(decimals), spent.toFixed(decimals)];
}

function shown(limit: BudgetLimitName, allowed: number, spent: number): [string, string] {
  return limit === 'max_cost_usd' ? dollars(allowed, spent) : [groupDigits(allowed), groupDigits(spent)];
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
