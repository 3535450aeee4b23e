import type { PlanStep } from '../core/plan-step.ts';

/** How many steps a backward search from a referencing step visits before it switches strategy. */
const NEAR_SEARCH_LIMIT = 16;

/**
 * Answers "is `target` an ancestor of `step`?" for many pairs without quadratic work on long plans:
 * direct dependencies answer at once, nearby ancestors by a short backward search, and anything
 * farther from the descendants of `target`, computed once per target and reused.
 */
export class AncestorCheck {
  readonly #steps: readonly PlanStep[];
  readonly #stepIndex: ReadonlyMap<string, number>;
  readonly #descendants = new Map<string, Set<string>>();
  #dependents?: Map<string, string[]>;

  constructor(steps: readonly PlanStep[], stepIndex: ReadonlyMap<string, number>) {
    this.#steps = steps;
    this.#stepIndex = stepIndex;
  }

  /** True when `step` depends on `target`, directly or through other steps. */
  isAncestor(step: PlanStep, target: string): boolean {
    if (step.dependsOn.includes(target)) return true;
    const near = this.#searchNear(step, target);
    if (near !== undefined) return near;
    return this.#descendantsOf(target).has(step.key);
  }

  /** A bounded backward search: true or false when it finished, undefined when it ran out of budget. */
  #searchNear(step: PlanStep, target: string): boolean | undefined {
    const seen = new Set<string>();
    const queue = [...step.dependsOn];
    while (queue.length > 0) {
      const key = queue.shift()!;
      if (key === target) return true;
      if (seen.has(key)) continue;
      if (seen.size >= NEAR_SEARCH_LIMIT) return undefined;
      seen.add(key);
      const index = this.#stepIndex.get(key);
      if (index !== undefined) queue.push(...this.#steps[index]!.dependsOn);
    }
    return false;
  }

  #descendantsOf(target: string): Set<string> {
    const cached = this.#descendants.get(target);
    if (cached) return cached;
    this.#dependents ??= this.#buildDependents();
    const found = new Set<string>();
    const stack = [...(this.#dependents.get(target) ?? [])];
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (found.has(key)) continue;
      found.add(key);
      stack.push(...(this.#dependents.get(key) ?? []));
    }
    this.#descendants.set(target, found);
    return found;
  }

  #buildDependents(): Map<string, string[]> {
    const dependents = new Map<string, string[]>();
    for (const [key, index] of this.#stepIndex) {
      for (const dependency of this.#steps[index]!.dependsOn) {
        const list = dependents.get(dependency);
        if (list) list.push(key);
        else dependents.set(dependency, [key]);
      }
    }
    return dependents;
  }
}
