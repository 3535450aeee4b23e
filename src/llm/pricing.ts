/** Price of a model in US dollars per million tokens. */
export interface ModelPrice {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
  /** Prompt tokens the endpoint read from its cache (`usage.prompt_tokens_details.cached_tokens`); absent: `inputPerMTok`. */
  readonly cachedInputPerMTok?: number;
}

/** A plan's own prices, in the plan file's spelling: `pricing: { model: { input_per_mtok, output_per_mtok, cached_input_per_mtok? } }`. */
export type PriceOverrides = Readonly<Record<string, { readonly input_per_mtok: number; readonly output_per_mtok: number; readonly cached_input_per_mtok?: number | undefined }>>;

/**
 * List prices of a few OpenAI models (standard tier, USD per million tokens, as published in 2025), with the
 * price of cached input. Only an estimate for budgets: providers change prices, and other endpoints price
 * differently, so a plan can override them.
 */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  'gpt-5': { inputPerMTok: 1.25, outputPerMTok: 10, cachedInputPerMTok: 0.125 },
  'gpt-5-mini': { inputPerMTok: 0.25, outputPerMTok: 2, cachedInputPerMTok: 0.025 },
  'gpt-5-nano': { inputPerMTok: 0.05, outputPerMTok: 0.4, cachedInputPerMTok: 0.005 },
  'gpt-4.1': { inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 },
  'gpt-4.1-mini': { inputPerMTok: 0.4, outputPerMTok: 1.6, cachedInputPerMTok: 0.1 },
  'gpt-4.1-nano': { inputPerMTok: 0.1, outputPerMTok: 0.4, cachedInputPerMTok: 0.025 },
  'gpt-4o': { inputPerMTok: 2.5, outputPerMTok: 10, cachedInputPerMTok: 1.25 },
  'gpt-4o-mini': { inputPerMTok: 0.15, outputPerMTok: 0.6, cachedInputPerMTok: 0.075 },
  o3: { inputPerMTok: 2, outputPerMTok: 8, cachedInputPerMTok: 0.5 },
  'o4-mini': { inputPerMTok: 1.1, outputPerMTok: 4.4, cachedInputPerMTok: 0.275 },
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
    if (override) return { inputPerMTok: override.input_per_mtok, outputPerMTok: override.output_per_mtok, ...(override.cached_input_per_mtok !== undefined && { cachedInputPerMTok: override.cached_input_per_mtok }) };
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
 * `cachedTokens` of the prompt cost the cached input price (at most `promptTokens` of them): charged the full one,
 * a run of cached prompts read two to ten times its bill, and `max_cost_usd` stopped it that much early.
 */
export function estimateCallCostUsd(models: readonly string[], promptTokens: number, completionTokens: number, overrides?: PriceOverrides, cachedTokens = 0): { costUsd: number; priceKnown: boolean } {
  const price = models.map((model) => overridePrice(model, overrides)).find(Boolean) ?? models.map(listedPrice).find(Boolean);
  if (!price) return { costUsd: 0, priceKnown: false };
  const cached = Math.min(Math.max(0, cachedTokens), promptTokens);
  const input = (promptTokens - cached) * price.inputPerMTok + cached * (price.cachedInputPerMTok ?? price.inputPerMTok);
  return { costUsd: (input + completionTokens * price.outputPerMTok) / 1_000_000, priceKnown: true };
}
