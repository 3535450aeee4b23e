import type { ModelClient } from '../llm/model-client.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

/** The model and temperature planner calls use: the plan's `model:` block, else the client's default. */
export function plannerModel(plan: ValidPlan, client: ModelClient): { model: string; temperature?: number } {
  const temperature = plan.source.model?.temperature;
  return { model: plan.source.model?.name ?? client.defaultModel, ...(temperature !== undefined && { temperature }) };
}
