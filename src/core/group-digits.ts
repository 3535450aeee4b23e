/**
 * A number as `value.toLocaleString('en-US')` writes it (`65,536`), without asking ICU where the
 * value is a safe integer: a process's first `toLocaleString` with a locale loads ICU's number
 * formatting (18–20 ms on a machine whose bare `node -e 0` takes 60–70 ms), which every run that
 * rendered a PR comment or a cost table paid. Fractions, -0, NaN, the infinities and integers past
 * 2^53 still go to ICU, so the text is always exactly `toLocaleString('en-US')`'s.
 */
export function groupDigits(value: number): string {
  // The one call to ICU, for what it alone writes exactly (the lint rule that sends every other count here).
  // eslint-disable-next-line no-restricted-syntax
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}
