/** The most decimals `Number.prototype.toFixed` writes. */
const MOST_DECIMALS = 100;

/** The decimals `value` is written with at its shortest (`0.125`: 3, `1e-7`: 7), as a plan, an option or an input gives it. */
export function writtenDecimals(value: number): number {
  const [digits = '', exponent = '0'] = String(value).split('e');
  return Math.max(0, (digits.split('.')[1]?.length ?? 0) - Number(exponent));
}

/**
 * `value` in decimals, never in exponent notation: `String` writes 0.0000001 as `1e-7`, which a reader of a report
 * takes for a typo and a parser may not read (at most 100 decimals, as `toFixed` writes).
 */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value) || !String(value).includes('e')) return String(value);
  // From 1e21 up, `toFixed` writes an exponent too; such a number is whole.
  if (Math.abs(value) >= 1e21) return BigInt(value).toString();
  return value.toFixed(Math.min(MOST_DECIMALS, writtenDecimals(value)));
}
