import type { StepRunner } from '../steps/step-context.ts';

/**
 * The `full-history` variant of `plan-runner eval`: every step's prompt holds the result of every
 * step completed so far (the blog's approach), not only its dependencies'. Steps see it as if they
 * depended on all of them; the plan's real dependencies and order are unchanged.
 */
export function fullHistorySteps(runStep: StepRunner): StepRunner {
  return (ctx) => {
    const current = ctx.steps.get(ctx.step.key);
    if (!current) return runStep(ctx);
    const history = [...ctx.results.keys()].filter((key) => key !== ctx.step.key);
    const steps = new Map(ctx.steps);
    steps.set(ctx.step.key, { ...current, dependsOn: [...new Set([...current.dependsOn, ...history])] });
    return runStep({ ...ctx, steps });
  };
}
