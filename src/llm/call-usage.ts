import type { Usage } from '../core/usage.ts';
import type { ChatResponse } from './model-client.ts';
import { estimateCostUsd, type PriceOverrides } from './pricing.ts';

/** The usage of one model call: a `Usage` (one call) plus which model was priced and whether its price is known. */
export interface CallUsage extends Usage {
  readonly model: string;
  /** False when the model is not in the price table: `costUsd` is then 0, not a real estimate. */
  readonly priceKnown: boolean;
}

/**
 * Counts one call from the response's `usage` (0 tokens when the endpoint sends none) and prices it
 * by the model the endpoint reports, falling back to the model that was asked for.
 */
export function callUsage(response: ChatResponse, requestedModel: string, overrides?: PriceOverrides): CallUsage {
  const promptTokens = response.usage?.prompt_tokens ?? 0;
  const completionTokens = response.usage?.completion_tokens ?? 0;
  const model = response.model || requestedModel;
  let priced = estimateCostUsd(model, promptTokens, completionTokens, overrides);
  // Some endpoints report an internal name; the requested one may still be in the table.
  if (!priced.priceKnown && model !== requestedModel) {
    priced = estimateCostUsd(requestedModel, promptTokens, completionTokens, overrides);
  }
  return { modelCalls: 1, promptTokens, completionTokens, costUsd: priced.costUsd, model, priceKnown: priced.priceKnown };
}
