import { MAX_DOLLAR_DECIMALS, capDecimals, decimalsApartFromCap } from '../../core/dollars-beside-cap.ts';

/** The dollar figures of a cost table: each row's, the total's and the cap's, with one number of decimals. */
export interface CostCells {
  readonly rows: readonly string[];
  readonly total: string;
  readonly cap?: string;
}

/** The decimals of a table: cents; four when a figure is under a cent; more while a spend reads 0 (`$0.0000` read as free). */
function decimalsOf(costs: readonly number[]): number {
  const spent = costs.filter((cost) => cost > 0);
  let decimals = spent.every((cost) => cost >= 0.01) ? 2 : 4;
  while (decimals < MAX_DOLLAR_DECIMALS && spent.some((cost) => cost < 10 ** -decimals)) decimals += 1;
  return decimals;
}

/**
 * Whole units of `10^-decimals` for each row that add up to the total's: each row rounded down, and the units left to
 * the rows that lost the most by it. Rounded one by one, rows of $0.0020 and $0.0103 read `$0.0020` and `$0.01` beside
 * a total of `$0.01`, and three of $0.00444 would read `$0.0044` each beside `$0.0133`.
 */
function apportion(costs: readonly number[], totalUnits: number, scale: number): number[] {
  const units = costs.map((cost) => Math.floor(cost * scale));
  const order = costs.map((_, index) => index).sort((a, b) => costs[b]! * scale - units[b]! - (costs[a]! * scale - units[a]!));
  let left = totalUnits - units.reduce((sum, unit) => sum + unit, 0);
  // Left over: one each to the largest remainders. Over (rows that add to more than the total): one each from the smallest.
  for (const index of order) {
    if (left <= 0) break;
    units[index]! += 1;
    left -= 1;
  }
  for (const index of order.toReversed()) {
    if (left >= 0) break;
    if (units[index]! === 0) continue;
    units[index]! -= 1;
    left += 1;
  }
  return units;
}

/**
 * A cost table's dollar figures, one number of decimals for all, the rows adding up to the total as shown. `cap`, when
 * given, is the `max_cost_usd` shown beside them, in its own decimals unless the total would then read as it: $0.0144
 * beside a cap of $0.01 read "$0.01" twice, within it; then the table takes the decimals that tell them apart. Both
 * rules are the budget-stop message's (`dollarsBesideCap`), so the two show a cap alike.
 */
export function costCells(costs: readonly number[], total: number, cap?: number): CostCells {
  const own = decimalsOf([...costs, total]);
  const decimals = cap === undefined ? own : decimalsApartFromCap(cap, total, own);
  const scale = 10 ** decimals;
  const totalUnits = Math.round(total * scale);
  const units = apportion(costs, totalUnits, scale);
  const dollars = (cost: number, unit: number): string => (cost === 0 ? '$0' : unit === 0 ? `<$${(1 / scale).toFixed(decimals)}` : `$${(unit / scale).toFixed(decimals)}`);
  // The cap as it was given, at least: at the total's decimals when it needs more to be told apart.
  const capText = cap === undefined ? undefined : `$${cap.toFixed(Math.max(decimals > own ? decimals : 0, capDecimals(cap)))}`;
  return { rows: costs.map((cost, index) => dollars(cost, units[index]!)), total: dollars(total, totalUnits), ...(capText !== undefined && { cap: capText }) };
}
