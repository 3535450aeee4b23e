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

/**
 * Two figures with the same digits, four or as many more as it takes to compare as they do: a cost
 * per run of 0.00056 that grew to 0.00062 reads `0.00056 → 0.00062`, not `0.0006 → 0.0006`.
 */
export function figuresApart(a: number, b: number): [string, string] {
  // Counts (tokens per run) are whole numbers: as they are.
  if (Number.isInteger(a) && Number.isInteger(b)) return [String(a), String(b)];
  const side = Math.sign(a - b);
  for (let digits = 4; digits <= 15; digits++) {
    const [shownA, shownB] = [a.toFixed(digits), b.toFixed(digits)];
    const nonZero = (shown: string, value: number) => Number(shown) !== 0 || value === 0;
    if (Math.sign(Number(shownA) - Number(shownB)) === side && nonZero(shownA, a) && nonZero(shownB, b)) return [shownA, shownB];
  }
  return [String(a), String(b)];
}
