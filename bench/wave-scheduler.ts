import type { PlanStep } from '../src/core/plan-step.ts';

/** Groups steps into waves: a step's wave is one more than its latest dependency's. */
export function waves(steps: readonly PlanStep[]): PlanStep[][] {
  const level = new Map<string, number>();
  const result: PlanStep[][] = [];
  for (const step of steps) {
    const mine = Math.max(-1, ...step.dependsOn.map((dep) => level.get(dep)!)) + 1;
    level.set(step.key, mine);
    (result[mine] ??= []).push(step);
  }
  return result;
}

/**
 * The Plano-style executor: each wave runs to the end before the next starts. `pooled` lets up to
 * `concurrency` steps of a wave run at once (the best case for waves); otherwise the wave is cut
 * into batches of `concurrency`, each run with `Promise.all`.
 */
export async function runInWaves(
  steps: readonly PlanStep[],
  concurrency: number,
  run: (step: PlanStep) => Promise<unknown>,
  pooled: boolean,
): Promise<void> {
  for (const wave of waves(steps)) {
    if (pooled) {
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < wave.length) await run(wave[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, wave.length) }, worker));
    } else {
      for (let i = 0; i < wave.length; i += concurrency) await Promise.all(wave.slice(i, i + concurrency).map(run));
    }
  }
}
