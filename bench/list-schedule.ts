import type { TimedDag } from './random-dag.ts';

/**
 * Simulates a greedy list scheduler exactly (no executor involved): whenever a slot is free, start
 * the ready step that `priority` ranks first (lower first). Returns the makespan.
 */
export function listScheduleMakespan(dag: TimedDag, concurrency: number, priority: (key: string) => number): number {
  const unmet = new Map(dag.steps.map((s) => [s.key, s.dependsOn.length]));
  const dependents = new Map<string, string[]>();
  for (const step of dag.steps) for (const dep of step.dependsOn) (dependents.get(dep) ?? dependents.set(dep, []).get(dep)!).push(step.key);
  let ready = dag.steps.filter((s) => s.dependsOn.length === 0).map((s) => s.key);
  const running: { key: string; end: number }[] = [];
  let now = 0;
  while (ready.length > 0 || running.length > 0) {
    ready.sort((a, b) => priority(a) - priority(b));
    while (running.length < concurrency && ready.length > 0) {
      const key = ready.shift()!;
      running.push({ key, end: now + dag.latencyMs.get(key)! });
    }
    now = Math.min(...running.map((r) => r.end));
    const finished = running.filter((r) => r.end === now);
    for (const done of finished) {
      running.splice(running.indexOf(done), 1);
      for (const next of dependents.get(done.key) ?? []) {
        const left = unmet.get(next)! - 1;
        unmet.set(next, left);
        if (left === 0) ready = [...ready, next];
      }
    }
  }
  return now;
}

/** Longest path (latency-weighted by default) from each step to the end: the classic "critical path first" priority. */
export function remainingPath(dag: TimedDag, weight: (key: string) => number = (key) => dag.latencyMs.get(key)!): Map<string, number> {
  const dependents = new Map<string, string[]>();
  for (const step of dag.steps) for (const dep of step.dependsOn) (dependents.get(dep) ?? dependents.set(dep, []).get(dep)!).push(step.key);
  const rank = new Map<string, number>();
  for (const step of dag.steps.toReversed()) {
    const after = Math.max(0, ...(dependents.get(step.key) ?? []).map((k) => rank.get(k)!));
    rank.set(step.key, after + weight(step.key));
  }
  return rank;
}

/** How many steps depend on each step, directly or through others. */
export function descendantCounts(dag: TimedDag): Map<string, number> {
  const dependents = new Map<string, string[]>();
  for (const step of dag.steps) for (const dep of step.dependsOn) (dependents.get(dep) ?? dependents.set(dep, []).get(dep)!).push(step.key);
  const below = new Map<string, Set<string>>();
  for (const step of dag.steps.toReversed()) {
    const all = new Set<string>();
    for (const next of dependents.get(step.key) ?? []) {
      all.add(next);
      for (const further of below.get(next)!) all.add(further);
    }
    below.set(step.key, all);
  }
  return new Map([...below].map(([key, all]) => [key, all.size]));
}
