/** The most decimals a dollar figure beside its cap gets. */
const MAX_DECIMALS = 10;

/**
 * A dollar cap and a spend, as text with the same decimals: those the cap needs for two significant digits
 * (at least cents: 0.50, 0.0010), and more while the spend would still print as the cap (0.504 beside 0.50).
 */
export function dollarsBesideCap(cap: number, spent: number): [cap: string, spent: string] {
  let decimals = cap > 0 && Number.isFinite(cap) ? Math.min(MAX_DECIMALS, Math.max(2, 1 - Math.floor(Math.log10(cap)))) : 2;
  while (decimals < MAX_DECIMALS && spent !== cap && spent.toFixed(decimals) === cap.toFixed(decimals)) decimals += 1;
  return [cap.toFixed(decimals), spent.toFixed(decimals)];
}
