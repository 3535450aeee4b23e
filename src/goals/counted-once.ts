import type { ValueText } from './value-text.ts';

/** Each value's counts, by what was counted (`max_chars`' characters, `max_words`' and `min_words`' words). */
const counts = new WeakMap<ValueText, Map<string, number>>();

/**
 * `count()` of one value, made once for all the goals on it (`evaluateGoals` gives every goal on a value the same
 * `ValueText`): counted per goal, 2,000 `max_chars` goals on a 1 MB result held the event loop 40 s, where no timeout
 * or cancel can stop them (found by an adversarial pass).
 */
export function countedOnce(value: ValueText, what: string, count: () => number): number {
  let made = counts.get(value);
  if (made === undefined) counts.set(value, (made = new Map()));
  let counted = made.get(what);
  if (counted === undefined) made.set(what, (counted = count()));
  return counted;
}
