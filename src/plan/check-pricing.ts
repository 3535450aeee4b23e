import { DEFAULT_MODEL } from '../llm/default-model.ts';
import { priceOf } from '../llm/pricing.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import type { ValidPlan } from './valid-plan.ts';

/** The models a plan may call (the caller's `model`, else `model.name`, else the default; each agent's) that have no known price. */
export function unpricedModels(plan: Pick<Plan, 'model' | 'agents' | 'pricing'>, callerModel?: string): string[] {
  const models = new Set([callerModel ?? plan.model?.name ?? DEFAULT_MODEL]);
  for (const agent of Object.values(plan.agents ?? {})) if (agent.model) models.add(agent.model);
  return [...models].filter((model) => priceOf(model, plan.pricing) === undefined);
}

/**
 * As `unpricedModels`, with the models of the plans it runs through `type: plan` steps, at any depth:
 * their calls are charged to this plan's budget, priced by its `pricing:`. A used plan without
 * `model.name` calls the model this plan's steps call.
 */
export function unpricedModelsWithUsedPlans(plan: ValidPlan, callerModel?: string): string[] {
  const found = new Set(unpricedModels(plan.source, callerModel));
  const visit = (outer: ValidPlan, outerModel: string | undefined): void => {
    for (const used of outer.subplans?.values() ?? []) {
      const model = used.source.model?.name ?? outerModel;
      for (const name of unpricedModels({ agents: used.source.agents, pricing: plan.source.pricing }, model)) found.add(name);
      visit(used, model);
    }
  };
  visit(plan, callerModel ?? plan.source.model?.name);
  return [...found];
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
