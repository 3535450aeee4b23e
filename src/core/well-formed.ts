/**
 * `text` with each lone surrogate (half of a character outside the Basic Multilingual Plane, as a cut by UTF-16
 * units leaves it) replaced by U+FFFD: what `String.prototype.toWellFormed` returns (ES2024, which the
 * TypeScript library here does not declare).
 */
export function wellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}
