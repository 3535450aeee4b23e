import { plainDecimal } from '../core/plain-decimal.ts';

/**
 * The fewest decimals, `fewest` (4) to 15, at which `holds` does, or undefined: eval figures are printed with as
 * many digits as it takes to compare as they really do.
 */
function digitsWhere(holds: (digits: number) => boolean, fewest = 4): number | undefined {
  for (let digits = fewest; digits <= 15; digits++) if (holds(digits)) return digits;
  return undefined;
}

/** A figure rounded to `shown` reads as 0 only when it is 0. */
function notZeroed(value: number, shown: number): boolean {
  return shown !== 0 || value === 0;
}

/**
 * `value` with four decimals, or as many more as it takes to compare with `other` as `value` does and
 * not to read as 0 when it is not: a cost of 0.010000004 against a limit of 0.01 reads `0.010000004`,
 * not `0.0100`, beside a ❌. `fewest`: the decimals to start from (a percentage beside its limit: 1).
 */
export function figureBeside(value: number, other: number, fewest = 4): string {
  const digits = digitsWhere((d) => {
    const shown = Number(value.toFixed(d));
    return Math.sign(shown - other) === Math.sign(value - other) && notZeroed(value, shown);
  }, fewest);
  return digits === undefined ? plainDecimal(value) : value.toFixed(digits);
}

/**
 * Two figures with the same digits, four or as many more as it takes to compare as they do: a cost
 * per run of 0.00056 that grew to 0.00062 reads `0.00056 → 0.00062`, not `0.0006 → 0.0006`.
 */
export function figuresApart(a: number, b: number): [string, string] {
  // Counts (tokens per run) are whole numbers: as they are.
  if (Number.isInteger(a) && Number.isInteger(b)) return [String(a), String(b)];
  const digits = digitsWhere((d) => {
    const [shownA, shownB] = [Number(a.toFixed(d)), Number(b.toFixed(d))];
    return Math.sign(shownA - shownB) === Math.sign(a - b) && notZeroed(a, shownA) && notZeroed(b, shownB);
  });
  return digits === undefined ? [plainDecimal(a), plainDecimal(b)] : [a.toFixed(digits), b.toFixed(digits)];
}
