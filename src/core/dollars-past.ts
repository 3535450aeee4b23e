/**
 * Dollars compared with a limit at a billionth of a dollar: costs are added as binary fractions, and 0.1 + 0.2 is
 * 0.30000000000000004, so a spend of exactly `max_cost_usd: 0.3` stopped the run as over it, its message showing the
 * cap and the spend as the same number (found by a budget hunt). A spend that is not a number is past any limit.
 */
const NANO = 1e9;

/** Whether `spent` is more than `limit`. */
export function dollarsPast(spent: number, limit: number): boolean {
  return !(Math.round(spent * NANO) <= Math.round(limit * NANO));
}

/** Whether `spent` has reached `limit`: no more may be spent. */
export function dollarsReached(spent: number, limit: number): boolean {
  return !(Math.round(spent * NANO) < Math.round(limit * NANO));
}
