import type { RunRecord } from '../core/run-record.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import { groupDigits } from '../core/group-digits.ts';

/** What a run took from an earlier one instead of making it: steps, and items of `for_each` steps that ran here. */
export interface ReusedWork {
  readonly steps: number;
  readonly items: number;
  /** What the reused work cost where it was made. */
  readonly usage: Usage;
  /** In words: `2 steps and 3 items`, `1 step`, `3 items`; empty when nothing was reused. */
  readonly words: string;
}

/**
 * The steps and items `record` reused (an item of a step reused whole counts with its step), those of the plans its
 * `type: plan` steps ran included (a review found a resumed run whose reuse was all inside one said nothing of it).
 */
export function reusedWork(record: RunRecord): ReusedWork {
  let steps = 0;
  let items = 0;
  let usage = NO_USAGE;
  const count = (run: RunRecord): void => {
    for (const step of run.steps.values()) {
      if (step.reused) {
        steps += 1;
        usage = addUsage(usage, step.reused);
      } else if (step.itemCounts && step.itemCounts.reused > 0) {
        items += step.itemCounts.reused;
        usage = addUsage(usage, step.itemCounts.reusedUsage);
      }
      if (!step.reused && step.nested) count(step.nested);
    }
  };
  count(record);
  const words = [steps > 0 ? `${groupDigits(steps)} step${steps === 1 ? '' : 's'}` : '', items > 0 ? `${groupDigits(items)} item${items === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
  return { steps, items, usage, words };
}
