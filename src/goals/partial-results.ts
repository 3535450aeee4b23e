import type { StepState } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { RunRecord, StepRecord } from '../core/run-record.ts';
import { MAX_PLAN_DEPTH } from '../core/run-event.ts';

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

/**
 * The completed steps of the final plan whose result `own` gives a cause for (its own key and why, or
 * undefined), and every completed step that depends on one, directly or through others, by key: why. A step
 * after one names that step's cause, not the chain to it (a chain of 10,000 steps).
 */
export function withDependents(steps: readonly PlanStep[], stepStates: ReadonlyMap<string, StepState>, own: (step: PlanStep) => string | undefined): Map<string, string> {
  // Each step after every step it depends on (Kahn's order; validation refuses a cycle, and a step on one would be left out).
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const waiting = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const step of steps) {
    const known = step.dependsOn.filter((dependency) => byKey.has(dependency));
    waiting.set(step.key, known.length);
    for (const dependency of known) {
      const list = dependents.get(dependency);
      if (list) list.push(step.key);
      else dependents.set(dependency, [step.key]);
    }
  }
  const ready = steps.filter((step) => waiting.get(step.key) === 0).map((step) => step.key);
  const found = new Map<string, string>();
  for (let next = 0; next < ready.length; next++) {
    const key = ready[next]!;
    for (const dependent of dependents.get(key) ?? []) {
      const left = waiting.get(dependent)! - 1;
      waiting.set(dependent, left);
      if (left === 0) ready.push(dependent);
    }
    if (stepStates.get(key) !== 'completed') continue;
    const step = byKey.get(key)!;
    const why = own(step) ?? step.dependsOn.map((dependency) => found.get(dependency)).find((cause) => cause !== undefined);
    if (why !== undefined) found.set(key, why);
  }
  return found;
}
