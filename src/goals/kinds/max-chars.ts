import type { GoalCheck } from '../goal-check.ts';
import type { ValueText } from '../value-text.ts';

/**
 * Each value's length in code points, counted once for all the `max_chars` goals on it (the same `ValueText` for
 * every goal on one value): counted per goal, 2,000 goals on a 1 MB result held the event loop 40 s, where no
 * timeout or cancel can stop them (found by an adversarial pass).
 */
const counted = new WeakMap<ValueText, number>();

/** `max_chars`: the result has at most this many characters (code points, so an emoji counts once). */
export const maxCharsCheck: GoalCheck = {
  needsTarget: true,
  check(goal, { text, valueText }) {
    const max = goal.max_chars ?? 0;
    let chars = counted.get(valueText);
    if (chars === undefined) counted.set(valueText, (chars = [...text].length));
    return { met: chars <= max, evidence: `${chars} characters (at most ${max} allowed)` };
  },
};
