import type { PlanStep } from '../core/plan-step.ts';
import { pushAll } from '../core/push-all.ts';

/** Each map of steps' keys by position, made once per map: a run's steps keep one map. */
const positions = new WeakMap<ReadonlyMap<string, PlanStep>, ReadonlyMap<string, number>>();

function positionsOf(steps: ReadonlyMap<string, PlanStep>): ReadonlyMap<string, number> {
  let found = positions.get(steps);
  if (!found) positions.set(steps, (found = new Map([...steps.keys()].map((key, index) => [key, index]))));
  return found;
}

/**
 * Every step `step` depends on, directly or transitively, with how many dependency edges away it is
 * (1 for a direct dependency), in plan order. This is a step's whole context: unrelated branches never
 * reach its prompt.
 */
export function ancestorDistances(step: Pick<PlanStep, 'key' | 'dependsOn'>, steps: ReadonlyMap<string, PlanStep>): Map<string, number> {
  const stepKey = step.key;
  const distance = new Map<string, number>();
  // The map's entry when it has one (callers may widen it); a for_each child (`review[0]`) is not
  // in the map, and brings its template's edges itself.
  let frontier = [...(steps.get(stepKey) ?? step).dependsOn];
  for (let edges = 1; frontier.length > 0; edges++) {
    const next: string[] = [];
    for (const key of frontier) {
      if (distance.has(key) || key === stepKey) continue;
      distance.set(key, edges);
      pushAll(next, steps.get(key)?.dependsOn ?? []);
    }
    frontier = next;
  }
  const position = positionsOf(steps);
  // Only steps of the map: its order is the plan's.
  return new Map([...distance].filter(([key]) => position.has(key)).sort(([a], [b]) => position.get(a)! - position.get(b)!));
}
