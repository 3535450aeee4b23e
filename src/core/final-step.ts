import type { PlanStep } from './plan-step.ts';

/**
 * The last step in declaration order that no step depends on: its result is the run's result (a used plan's, its
 * step's). A plan may declare a step before one it depends on; the last one declared was then upstream of the plan's
 * end, and its result stood for the run while the step after it failed under `on_failure: continue` (found by an
 * adversarial pass). With every step depended on (a cycle), the last one declared.
 */
export function finalStep<Step extends Pick<PlanStep, 'key' | 'dependsOn'>>(steps: readonly Step[]): Step | undefined {
  const dependedOn = new Set(steps.flatMap((step) => step.dependsOn));
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!dependedOn.has(steps[i]!.key)) return steps[i];
  }
  return steps.at(-1);
}
