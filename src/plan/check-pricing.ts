import { DEFAULT_MODEL } from '../llm/default-model.ts';
import { priceOf } from '../llm/pricing.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';

/** The models a plan may call (the caller's `model`, else `model.name`, else the default; each agent's) that have no known price. */
export function unpricedModels(plan: Pick<Plan, 'model' | 'agents' | 'pricing'>, callerModel?: string): string[] {
  const models = new Set([callerModel ?? plan.model?.name ?? DEFAULT_MODEL]);
  for (const agent of Object.values(plan.agents ?? {})) if (agent.model) models.add(agent.model);
  return [...models].filter((model) => priceOf(model, plan.pricing) === undefined);
}

/** A `pricing:` entry for each model, to show in an error. */
export function pricingExample(models: readonly string[]): string {
  return `pricing: { ${models.map((model) => `${JSON.stringify(model)}: { input_per_mtok: 3, output_per_mtok: 15 }`).join(', ')} }`;
}

/**
 * A `max_cost_usd` that could never stop a run is an error: every model the plan may call (the
 * caller's `model`, else `model.name`, else the default; and each agent's) needs a known price —
 * from the built-in table or the plan's `pricing:`.
 */
export function checkPricing(plan: Plan, callerModel?: string): PlanIssue[] {
  if (plan.limits?.max_cost_usd === undefined) return [];
  const unpriced = unpricedModels(plan, callerModel);
  if (unpriced.length === 0) return [];
  const names = unpriced.map((model) => `'${model}'`).join(', ');
  const example = pricingExample(unpriced);
  return [
    {
      path: ['limits', 'max_cost_usd'],
      message:
        `max_cost_usd cannot be enforced: no price is known for model ${names}. ` +
        `Give its price in US dollars per million tokens, e.g. \`${example}\`, or use max_tokens instead`,
    },
  ];
}
