import type { PlanStep } from '../src/core/plan-step.ts';
import { seededRandom } from '../src/eval/seeded-random.ts';

/** A benchmark DAG: steps, and how long each one sleeps (simulated ms). */
export interface TimedDag {
  readonly steps: readonly PlanStep[];
  readonly latencyMs: ReadonlyMap<string, number>;
}

/**
 * `size` steps; each depends on up to `maxDeps` of the `window` steps declared just before it
 * (some depend on none), and sleeps 100–3,000 ms, skewed towards short calls as tool and model calls are.
 */
export function randomDag(seed: number, size: number, maxDeps = 3, window = 8): TimedDag {
  const random = seededRandom(seed);
  const steps: PlanStep[] = [];
  const latencyMs = new Map<string, number>();
  for (let i = 0; i < size; i++) {
    const key = `s${i}`;
    const deps = new Set<string>();
    const wanted = Math.floor(random() * (maxDeps + 1));
    for (let d = 0; d < wanted && i > 0; d++) deps.add(`s${Math.max(0, i - 1 - Math.floor(random() * window))}`);
    steps.push({ key, id: key, type: 'tool_call', description: '', inputs: [], dependsOn: [...deps] });
    latencyMs.set(key, Math.round(100 + random() ** 2 * 2_900));
  }
  return { steps, latencyMs };
}

/** `max(critical path, total work / concurrency)`: no schedule can finish sooner. */
export function makespanLowerBound(dag: TimedDag, concurrency: number): number {
  const finish = new Map<string, number>();
  let criticalPath = 0;
  let totalWork = 0;
  for (const step of dag.steps) {
    const latency = dag.latencyMs.get(step.key)!;
    const ready = Math.max(0, ...step.dependsOn.map((dep) => finish.get(dep)!));
    finish.set(step.key, ready + latency);
    criticalPath = Math.max(criticalPath, ready + latency);
    totalWork += latency;
  }
  return Math.max(criticalPath, totalWork / concurrency);
}
