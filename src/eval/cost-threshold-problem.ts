import { pricingExample, unpricedModels, unpricedModelsWithUsedPlans } from '../plan/check-pricing.ts';
import type { EvalThresholds } from './eval-verdict.ts';
import type { EvaluatedPlan } from './evaluated-plans.ts';

/**
 * A cost threshold that could never be missed is refused before any run: with no known price for a
 * model the plan calls, every run costs $0 and the threshold would pass. Returns what to do, or
 * undefined. `modelName` is the model the caller gives every plan.
 */
export function costThresholdProblem(plans: readonly EvaluatedPlan[], modelName: string | undefined, thresholds: EvalThresholds, name: string): string | undefined {
  if (thresholds.maxCostUsdPerRun === undefined) return undefined;
  for (const plan of plans) {
    // With the plans its `type: plan` steps use where it loads alone: their calls count too.
    const unpriced = plan.loaded ? unpricedModelsWithUsedPlans(plan.loaded, modelName) : unpricedModels(plan.source, modelName);
    if (unpriced.length === 0) continue;
    return (
      `${name} cannot be checked: no price is known for model ${unpriced.map((model) => `'${model}'`).join(', ')}, so every run would cost $0. ` +
      `Give its price in ${plan.file} in US dollars per million tokens, e.g. \`${pricingExample(unpriced)}\`, or leave ${name} out`
    );
  }
  return undefined;
}
