import { resolveInputs } from '../plan/resolve-inputs.ts';
import type { EvaluatedPlan } from './evaluated-plans.ts';

/**
 * Inputs no evaluated plan could run with (a name it does not declare, given a value or empty, a required one left out) are
 * refused before any run, as `run` refuses them: each run would be rejected for the same reason, and
 * the evaluation would measure nothing. Returns what is wrong, per plan, or undefined.
 */
export function inputsProblem(plans: readonly EvaluatedPlan[], inputs: Readonly<Record<string, unknown>>, empty: readonly string[] = []): string | undefined {
  const problems = plans.flatMap((plan) => {
    const resolved = resolveInputs(plan.source, inputs, empty);
    return resolved.ok ? [] : resolved.errors.map((error) => `${plan.label ?? plan.file}: ${error}`);
  });
  return problems.length > 0 ? `nothing was evaluated: ${problems.join('; ')}` : undefined;
}
