import type { PlanStep } from '../core/plan-step.ts';

/**
 * Keys of every step `step` depends on, directly or transitively, in plan order. This is a
 * step's whole context: unrelated branches never reach its prompt.
 */
export function ancestorKeys(step: Pick<PlanStep, 'key' | 'dependsOn'>, steps: ReadonlyMap<string, PlanStep>): string[] {
  const stepKey = step.key;
  const seen = new Set<string>();
  // The map's entry when it has one (callers may widen it); a for_each child (`review[0]`) is not
  // in the map, and brings its template's edges itself.
  const pending = [...(steps.get(stepKey) ?? step).dependsOn];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key) || key === stepKey) continue;
    seen.add(key);
    pending.push(...(steps.get(key)?.dependsOn ?? []));
  }
  return [...steps.keys()].filter((key) => seen.has(key));
}
