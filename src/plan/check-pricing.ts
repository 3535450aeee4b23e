import { DEFAULT_MODEL } from '../llm/default-model.ts';
import { priceOf } from '../llm/pricing.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';

/**
 * A `max_cost_usd` that could never stop a run is an error: every model the plan may call (the
 * caller's `model`, else `model.name`, else the default; and each agent's) needs a known price —
 * from the built-in table or the plan's `pricing:`.
 */
export function checkPricing(plan: Plan, callerModel?: string): PlanIssue[] {
  if (plan.limits?.max_cost_usd === undefined) return [];
  const models = new Set([callerModel ?? plan.model?.name ?? DEFAULT_MODEL]);
  for (const agent of Object.values(plan.agents ?? {})) if (agent.model) models.add(agent.model);
  const unpriced = [...models].filter((model) => priceOf(model, plan.pricing) === undefined);
  if (unpriced.length === 0) return [];
  const names = unpriced.map((model) => `'${model}'`).join(', ');
  const example = unpriced.map((model) => `${JSON.stringify(model)}: { input_per_mtok: 3, output_per_mtok: 15 }`).join(', ');
  return [
    {
      path: ['limits', 'max_cost_usd'],
      message:
        `max_cost_usd cannot be enforced: no price is known for model ${names}. ` +
        `Give its price in US dollars per million tokens, e.g. \`pricing: { ${example} }\`, or use max_tokens instead`,
    },
  ];
}
