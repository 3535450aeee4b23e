import type { PlanStep } from '../core/plan-step.ts';

/**
 * Keys of every step `stepKey` depends on, directly or transitively, in plan order. This is a
 * step's whole context: unrelated branches never reach its prompt.
 */
export function ancestorKeys(stepKey: string, steps: ReadonlyMap<string, PlanStep>): string[] {
  const seen = new Set<string>();
  const pending = [...(steps.get(stepKey)?.dependsOn ?? [])];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key) || key === stepKey) continue;
    seen.add(key);
    pending.push(...(steps.get(key)?.dependsOn ?? []));
  }
  return [...steps.keys()].filter((key) => seen.has(key));
}
