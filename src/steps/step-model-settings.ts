import type { ModelClient } from '../llm/model-client.ts';
import type { StepContext } from './step-context.ts';

/** Which model a step's call uses, at what temperature, with which agent prompt. */
export interface StepModelSettings {
  readonly model: string;
  readonly temperature?: number;
  readonly agentSystem?: string;
}

/** The step's agent model, else the plan's `model.name`, else the client's default; likewise temperature. */
export function stepModelSettings(ctx: StepContext, client: ModelClient): StepModelSettings {
  const agent = ctx.step.agent !== undefined ? ctx.agents[ctx.step.agent] : undefined;
  const temperature = agent?.temperature ?? ctx.modelSettings?.temperature;
  return {
    model: agent?.model ?? ctx.modelSettings?.name ?? client.defaultModel,
    ...(temperature !== undefined ? { temperature } : {}),
    ...(agent?.system !== undefined ? { agentSystem: agent.system } : {}),
  };
}
