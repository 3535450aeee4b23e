import { pricingExample, unpricedModels, unpricedModelsWithUsedPlans } from '../plan/check-pricing.ts';
import { loadPlanFile } from '../plan/load-plan.ts';
import { readYamlFile } from '../plan/read-yaml-file.ts';
import { Plan } from '../plan/schema.ts';
import type { EvalThresholds } from './eval-verdict.ts';
import type { EvalSettings } from './run-eval.ts';

/**
 * A cost threshold that could never be missed is refused before any run: with no known price for a
 * model the plan calls, every run costs $0 and the threshold would pass. Returns what to do, or
 * undefined. A plan that does not parse is left to the runs, which report it.
 */
export async function costThresholdProblem(settings: Pick<EvalSettings, 'plans' | 'modelName'>, thresholds: EvalThresholds, name: string): Promise<string | undefined> {
  if (thresholds.maxCostUsdPerRun === undefined) return undefined;
  for (const plan of settings.plans) {
    // With the plans its `type: plan` steps use: their calls count too. A plan that does not load here
    // (one naming an MCP server's tools) is read alone.
    const loaded = await loadPlanFile(plan.file);
    const read = loaded.ok ? undefined : await readYamlFile(plan.file, Plan);
    if (read && !read.ok) continue;
    const unpriced = loaded.ok ? unpricedModelsWithUsedPlans(loaded.plan, settings.modelName) : unpricedModels(read!.value, settings.modelName);
    if (unpriced.length === 0) continue;
    return (
      `${name} cannot be checked: no price is known for model ${unpriced.map((model) => `'${model}'`).join(', ')}, so every run would cost $0. ` +
      `Give its price in ${plan.file} in US dollars per million tokens, e.g. \`${pricingExample(unpriced)}\`, or leave ${name} out`
    );
  }
  return undefined;
}
