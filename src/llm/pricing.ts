/** Price of a model in US dollars per million tokens. */
export interface ModelPrice {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
}

/** A plan's own prices, in the plan file's spelling: `pricing: { model: { input_per_mtok, output_per_mtok } }`. */
export type PriceOverrides = Readonly<Record<string, { readonly input_per_mtok: number; readonly output_per_mtok: number }>>;

/**
 * List prices of a few OpenAI models (standard tier, USD per million tokens, as published in 2025).
 * Only an estimate for budgets: providers change prices, and other endpoints price differently,
 * so a plan can override them.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6 },
  o3: { inputPerMTok: 2, outputPerMTok: 8 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4 },
};

/** Dated snapshots (`gpt-4o-2024-08-06`) cost what their model does. */
const SNAPSHOT_SUFFIX = /-\d{4}-\d{2}-\d{2}$/;

/**
 * The price of `model` (the plan's overrides first), or undefined when it is not known. Own keys only:
 * a model the endpoint reports as `constructor` or `valueOf` found Object's methods, priced every call
 * at NaN, and `max_cost_usd` (NaN is over no cap) never stopped the run.
 */
export function priceOf(model: string, overrides?: PriceOverrides): ModelPrice | undefined {
  for (const name of [model, model.replace(SNAPSHOT_SUFFIX, '')]) {
    const override = overrides && Object.hasOwn(overrides, name) ? overrides[name] : undefined;
    if (override) return { inputPerMTok: override.input_per_mtok, outputPerMTok: override.output_per_mtok };
    const listed = Object.hasOwn(MODEL_PRICES, name) ? MODEL_PRICES[name] : undefined;
    if (listed) return listed;
  }
  return undefined;
}

/** Estimated cost of one call; an unknown model costs 0 and says so (`priceKnown: false`). */
export function estimateCostUsd(
  model: string,
  promptTokens: number,
  completionTokens: number,
  overrides?: PriceOverrides,
): { costUsd: number; priceKnown: boolean } {
  const price = priceOf(model, overrides);
  if (!price) return { costUsd: 0, priceKnown: false };
  const costUsd = (promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1_000_000;
  return { costUsd, priceKnown: true };
}

/**
 * One call's cost by the first of `models` with a known price: the model the endpoint reported, then the
 * one that was asked for (an endpoint may report an internal name, such as a file path).
 */
export function estimateCallCostUsd(models: readonly string[], promptTokens: number, completionTokens: number, overrides?: PriceOverrides): { costUsd: number; priceKnown: boolean } {
  for (const model of models) {
    const priced = estimateCostUsd(model, promptTokens, completionTokens, overrides);
    if (priced.priceKnown) return priced;
  }
  return { costUsd: 0, priceKnown: false };
}
