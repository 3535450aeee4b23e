import { writtenDecimals } from './plain-decimal.ts';

/** The most decimals a dollar figure beside its cap gets. */
export const MAX_DOLLAR_DECIMALS = 10;

/**
 * The decimals a cost cap is shown with: those for two significant digits, at least cents (0.50, 0.015, 0.0010), and
 * every decimal it was given (0.125). Cut to two significant digits, `max_cost_usd: 0.125` read `0.13` in the budget-stop
 * message and the cost table, which showed a run stopped at $0.12504 as within its "$0.13" (found by a cost hunt).
 */
export function capDecimals(cap: number): number {
  return cap > 0 && Number.isFinite(cap) ? Math.min(MAX_DOLLAR_DECIMALS, Math.max(2, 1 - Math.floor(Math.log10(cap)), writtenDecimals(cap))) : 2;
}

/** `decimals`, or more while a spend that is not the cap would still print as it (0.504 beside 0.50 reads as within it). */
export function decimalsApartFromCap(cap: number, spent: number, decimals: number): number {
  let apart = decimals;
  while (apart < MAX_DOLLAR_DECIMALS && spent !== cap && spent.toFixed(apart) === cap.toFixed(apart)) apart += 1;
  return apart;
}

/**
 * A dollar cap and a spend, as text with the same decimals: the cap's own (`capDecimals`), and more while the spend
 * would still print as the cap. The job summary's cost table follows the same two rules (`costCells`).
 */
export function dollarsBesideCap(cap: number, spent: number): [cap: string, spent: string] {
  const decimals = decimalsApartFromCap(cap, spent, capDecimals(cap));
  return [cap.toFixed(decimals), spent.toFixed(decimals)];
}
