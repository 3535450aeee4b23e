import type { PlanStep } from '../core/plan-step.ts';
import type { StepWeights } from './start-order.ts';
import { pushAll } from '../core/push-all.ts';

/**
 * The part of a fanned-out run this process plays. `prepare` runs what the fan-out steps need and
 * assigns their items to shards; `shard` runs its own items of every fan-out step and nothing else
 * (the rest comes from the prepare job's state); `merge` runs the rest of the plan over the states
 * of all of them, running no fan-out item itself.
 */
export type FanOutPart =
  | { readonly part: 'prepare'; readonly shards: number; readonly weights?: StepWeights }
  | { readonly part: 'shard'; readonly shard: number }
  | { readonly part: 'merge' };

/** The steps a part may start: prepare the fan-out steps' ancestors; shard those and the fan-out steps; merge every step. */
export function fanOutScope(steps: readonly PlanStep[], part: FanOutPart['part']): ReadonlySet<string> | undefined {
  if (part === 'merge') return undefined;
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const fanOut = steps.filter((step) => step.forEach?.fanOut);
  const scope = new Set<string>();
  const queue = fanOut.flatMap((step) => step.dependsOn);
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    if (scope.has(key)) continue;
    scope.add(key);
    pushAll(queue, byKey.get(key)?.dependsOn ?? []);
  }
  if (part === 'shard') for (const step of fanOut) scope.add(step.key);
  return scope;
}
