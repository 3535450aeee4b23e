/**
 * `value` with four decimals, or as many more as it takes to compare with `other` as `value` does and
 * not to read as 0 when it is not: a cost of 0.010000004 against a limit of 0.01 reads `0.010000004`,
 * not `0.0100`, beside a ❌.
 */
export function figureBeside(value: number, other: number): string {
  const side = Math.sign(value - other);
  for (let digits = 4; digits <= 15; digits++) {
    const shown = value.toFixed(digits);
    if (Math.sign(Number(shown) - other) === side && (Number(shown) !== 0 || value === 0)) return shown;
  }
  return String(value);
}
