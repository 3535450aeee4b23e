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
 * The plan's price for `model` (or its dated snapshot's model). Own keys only: a model the endpoint reports
 * as `constructor` or `valueOf` found Object's methods, priced every call at NaN, and `max_cost_usd` (NaN
 * is over no cap) never stopped the run.
 */
function overridePrice(model: string, overrides: PriceOverrides | undefined): ModelPrice | undefined {
  for (const name of [model, model.replace(SNAPSHOT_SUFFIX, '')]) {
    const override = overrides && Object.hasOwn(overrides, name) ? overrides[name] : undefined;
    if (override) return { inputPerMTok: override.input_per_mtok, outputPerMTok: override.output_per_mtok };
  }
  return undefined;
}

/** The built-in table's price for `model` (or its dated snapshot's model). */
function listedPrice(model: string): ModelPrice | undefined {
  for (const name of [model, model.replace(SNAPSHOT_SUFFIX, '')]) if (Object.hasOwn(MODEL_PRICES, name)) return MODEL_PRICES[name];
  return undefined;
}

/** The price of `model` (the plan's overrides first), or undefined when it is not known. */
export function priceOf(model: string, overrides?: PriceOverrides): ModelPrice | undefined {
  return overridePrice(model, overrides) ?? listedPrice(model);
}

/**
 * One call's cost: by the plan's `pricing:` for any of `models` (the model the endpoint reported, then the
 * one that was asked for), else by the built-in table in the same order (an endpoint may report an internal
 * name, such as a file path). The plan's prices come first whatever name they are under: a deployment the
 * plan priced at $100 a million tokens, whose endpoint reported `gpt-4.1-nano`, was charged the table's
 * $0.10 and passed `max_cost_usd` 1,000 times over unseen. An unknown model costs 0 and says so (`priceKnown: false`).
 */
export function estimateCallCostUsd(models: readonly string[], promptTokens: number, completionTokens: number, overrides?: PriceOverrides): { costUsd: number; priceKnown: boolean } {
  const price = models.map((model) => overridePrice(model, overrides)).find(Boolean) ?? models.map(listedPrice).find(Boolean);
  if (!price) return { costUsd: 0, priceKnown: false };
  return { costUsd: (promptTokens * price.inputPerMTok + completionTokens * price.outputPerMTok) / 1_000_000, priceKnown: true };
}
