import type { PlanStep } from './plan-step.ts';

/**
 * `steps` with every step after each step it depends on (Kahn's order; declaration order among those ready
 * together), and each step's direct dependents. Edges to a key not in `steps` are left out. A step on a cycle
 * (validation refuses one) is in neither.
 */
export function dependencyOrder(steps: readonly PlanStep[]): { readonly order: string[]; readonly dependents: ReadonlyMap<string, readonly string[]> } {
  const keys = new Set(steps.map((step) => step.key));
  const dependents = new Map<string, string[]>();
  const unmet = new Map<string, number>();
  for (const step of steps) {
    let known = 0;
    for (const dependency of step.dependsOn) {
      if (!keys.has(dependency)) continue;
      known += 1;
      const list = dependents.get(dependency);
      if (list) list.push(step.key);
      else dependents.set(dependency, [step.key]);
    }
    unmet.set(step.key, known);
  }
  const order = steps.filter((step) => unmet.get(step.key) === 0).map((step) => step.key);
  for (let i = 0; i < order.length; i++) {
    for (const next of dependents.get(order[i]!) ?? []) {
      const left = unmet.get(next)! - 1;
      unmet.set(next, left);
      if (left === 0) order.push(next);
    }
  }
  return { order, dependents };
}
