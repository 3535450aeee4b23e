import { dependencyOrder } from '../core/dependency-order.ts';
import type { PlanStep } from '../core/plan-step.ts';

/** Expected duration of each step by key (e.g. from a previous run's trace); steps not in it count as the mean of those that are. */
export type StepWeights = ReadonlyMap<string, number>;

/**
 * The order in which ready steps start: longest remaining path first — the step with the most
 * work still after it, itself included, counting each step's weight (1 each without weights) —
 * and declaration order among equals. With one slot the order cannot shorten the run, so it is
 * declaration order.
 */
export function startOrder(steps: readonly PlanStep[], concurrency: number, weights?: StepWeights): string[] {
  if (concurrency <= 1) return steps.map((step) => step.key);
  const weightOf = stepWeight(steps, weights);
  const remaining = remainingPaths(steps, weightOf);
  const index = new Map(steps.map((step, i) => [step.key, i]));
  // Each step's two sort keys read once into arrays by position: four map reads a comparison cost 4 ms a 10,000-step run.
  const after = steps.map((step) => remaining.get(step.key)!);
  const declared = steps.map((step) => index.get(step.key)!);
  return steps
    .map((_step, position) => position)
    .sort((a, b) => after[b]! - after[a]! || declared[a]! - declared[b]!)
    .map((position) => steps[position]!.key);
}

function stepWeight(steps: readonly PlanStep[], weights: StepWeights | undefined): (key: string) => number {
  if (!weights) return () => 1;
  const known = steps.map((step) => weights.get(step.key)).filter((w): w is number => w !== undefined && Number.isFinite(w) && w >= 0);
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  return (key) => {
    const weight = weights.get(key);
    return weight !== undefined && Number.isFinite(weight) && weight >= 0 ? weight : fallback;
  };
}

/** For each step, the heaviest path from it to the end of the plan, itself included. */
export function remainingPaths(steps: readonly PlanStep[], weightOf: (key: string) => number): Map<string, number> {
  // Walked from the end of the dependency order: each step's dependents are done before it.
  const { order, dependents } = dependencyOrder(steps);
  const remaining = new Map<string, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const key = order[i]!;
    let after = 0;
    for (const next of dependents.get(key) ?? []) after = Math.max(after, remaining.get(next) ?? 0);
    remaining.set(key, after + weightOf(key));
  }
  // A step on a cycle (validation rejects those) still gets a rank.
  for (const step of steps) if (!remaining.has(step.key)) remaining.set(step.key, weightOf(step.key));
  return remaining;
}
