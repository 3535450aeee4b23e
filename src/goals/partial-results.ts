import type { StepState } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';

/**
 * The completed steps of the final plan whose result lacks work the run left undone, by key: why. A
 * step's own (`unfinished`: a `for_each` step's failed items, an agent's open TODOs, a used plan's steps
 * that did not complete, as `<step>/<inner step>`), or that of a step it depends on, directly or through
 * others. (A step that ran without an optional input that failed is whole: it was told what is missing, and
 * a plan that degrades so checks what it says about it.) A goal that a part can pass where
 * the whole would fail (`not_contains: FAIL` on the results of the items that did not fail) is not
 * evaluated on one (found by an adversarial pass: a `for_each` step with a failed item passed "no package
 * fails").
 */
export function partialResults(steps: readonly PlanStep[], stepStates: ReadonlyMap<string, StepState>, unfinished: ReadonlyMap<string, string>): Map<string, string> {
  const own = new Map<string, string>();
  for (const [key, why] of unfinished) {
    const slash = key.indexOf('/');
    const top = slash < 0 ? key : key.slice(0, slash);
    if (!own.has(top)) own.set(top, slash < 0 ? `step ${key}: ${why}` : `step ${key.slice(0, slash)}, whose plan's step ${key.slice(slash + 1)}: ${why}`);
  }
  return withDependents(steps, stepStates, (step) => own.get(step.key));
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
