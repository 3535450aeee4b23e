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

/** A model with no known price that a used plan calls, and the `uses:` paths that lead to that plan from the top one. */
interface UsedPlanModel {
  readonly model: string;
  readonly via: readonly string[];
}

/**
 * The unpriced models of the plans `plan` runs through `type: plan` steps, at any depth, each with
 * the first chain of `uses:` found to call it: their calls are charged to this plan's budget, priced
 * by its `pricing:`. A used plan without `model.name` calls the model this plan's steps call (the
 * run's client default), at any depth.
 */
function unpricedUsedPlanModels(plan: ValidPlan, callerModel?: string): UsedPlanModel[] {
  const found = new Map<string, readonly string[]>();
  const runModel = callerModel ?? plan.source.model?.name;
  // A plan many others use is walked once: 40 plans that each use the same 40, three levels deep, are 64,000 paths.
  const walked = new Set<ValidPlan>();
  const visit = (outer: ValidPlan, via: readonly string[]): void => {
    for (const [uses, used] of outer.subplans ?? []) {
      if (walked.has(used)) continue;
      walked.add(used);
      const path = [...via, uses];
      for (const model of unpricedModels({ agents: used.source.agents, pricing: plan.source.pricing }, used.source.model?.name ?? runModel)) {
        if (!found.has(model)) found.set(model, path);
      }
      visit(used, path);
    }
  };
  visit(plan, []);
  return [...found].map(([model, via]) => ({ model, via }));
}

/** As `unpricedModels`, with the models of the plans it runs through `type: plan` steps, at any depth (see `unpricedUsedPlanModels`). */
export function unpricedModelsWithUsedPlans(plan: ValidPlan, callerModel?: string): string[] {
  return [...new Set([...unpricedModels(plan.source, callerModel), ...unpricedUsedPlanModels(plan, callerModel).map((found) => found.model)])];
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

/**
 * `checkPricing` for the plans a plan uses, once they are loaded: their model calls count against its
 * `max_cost_usd` (a used plan may not set one), so each model they may call needs a price in this plan.
 * Its own models were checked with it.
 */
export function checkUsedPlansPricing(plan: ValidPlan, callerModel?: string): PlanIssue[] {
  if (plan.source.limits?.max_cost_usd === undefined) return [];
  const own = new Set(unpricedModels(plan.source, callerModel));
  const unpriced = unpricedUsedPlanModels(plan, callerModel).filter((found) => !own.has(found.model));
  if (unpriced.length === 0) return [];
  const names = unpriced.map((found) => `'${found.model}' (called in the used plan ${found.via.join(' → ')})`).join(', ');
  const example = pricingExample(unpriced.map((found) => found.model));
  return [
    {
      path: ['limits', 'max_cost_usd'],
      message:
        `max_cost_usd cannot be enforced: no price is known for model ${names}, and a used plan's calls count against this plan's budget. ` +
        `Give its price in this plan, whose \`pricing:\` prices the plans it uses too, in US dollars per million tokens, e.g. \`${example}\`, or use max_tokens instead`,
    },
  ];
}
