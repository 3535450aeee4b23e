import { MAX_PLAN_DEPTH, type StepState } from '../core/run-event.ts';
import type { RunRecord, StepRecord } from '../core/run-record.ts';

/**
 * The completed steps of the final plan whose result has holes where work was left undone, by key: why. A
 * `for_each` step whose items failed under `on_item_failure: continue` (its result holds `null` for each), and a
 * `type: plan` step whose plan's result is such a step's (at any depth). A goal that a part can pass where the
 * whole would fail (`not_contains: FAIL` on the results of the items that did not fail) is not evaluated on one
 * (found by an adversarial pass: a `for_each` step with a failed item passed "no package fails"). A step after
 * one is given those `null`s, as a step that runs without an optional input is told what is missing, and what
 * it makes of them is its own whole answer (the package review writes "not checked" for each); an agent's
 * answer is all it said, whatever its TODO list shows. `all_steps_completed` judges the work left undone.
 */
export function partialResults(record: RunRecord, stepStates: ReadonlyMap<string, StepState>): Map<string, string> {
  const partial = new Map<string, string>();
  for (const [key, state] of stepStates) {
    if (state !== 'completed') continue;
    const why = holes(record.steps.get(key));
    if (why !== undefined) partial.set(key, `step ${key}: ${why}`);
  }
  return partial;
}

/** Why a completed step's result has holes, or undefined: its failed items, or its used plan's result step's. */
function holes(step: StepRecord | undefined): string | undefined {
  for (let depth = 0; step !== undefined && depth <= MAX_PLAN_DEPTH; depth++) {
    if (step.failedItems && step.failedItems.length > 0) {
      const total = step.itemCounts?.total ?? step.items?.length;
      return `completed, ${step.failedItems.length}${total === undefined ? '' : ` of ${total}`} items failed${depth > 0 ? `, in the plan it uses (its result step ${step.key})` : ''}`;
    }
    const nested = step.nested;
    step = nested?.resultStepKey === undefined ? undefined : nested.steps.get(nested.resultStepKey);
  }
  return undefined;
}
