import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callUsage } from '../../src/llm/call-usage.ts';
import type { ChatRequest, ChatResponse } from '../../src/llm/model-client.ts';
import { DEFAULT_MODEL } from '../../src/llm/default-model.ts';
import { estimateCallCostUsd, MODEL_PRICES, priceOf } from '../../src/llm/pricing.ts';

function response(model: string, prompt: number, completion: number): ChatResponse {
  return {
    id: 'x',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
}

describe('pricing', () => {
  it('prices a listed model per million tokens', () => {
    expect(estimateCallCostUsd(['gpt-4o-mini'], 1_000_000, 1_000_000)).toEqual({ costUsd: 0.75, priceKnown: true });
  });

  it('prices a dated snapshot like its model', () => {
    expect(priceOf('gpt-4o-2024-08-06')).toEqual(priceOf('gpt-4o'));
  });

  // Found by an adversarial pass: Object's own methods were prices, and every call cost NaN.
  it('knows no price for a name Object has a member of', () => {
    for (const name of ['constructor', 'valueOf', 'toString', '__proto__', 'hasOwnProperty', 'toString-2025-01-01']) {
      expect(priceOf(name)).toBeUndefined();
      expect(priceOf(name, { 'gpt-x': { input_per_mtok: 1, output_per_mtok: 1 } })).toBeUndefined();
    }
  });

  it('gives an unknown model zero cost and says the price is unknown', () => {
    expect(estimateCallCostUsd(['llama-3-local'], 5_000, 5_000)).toEqual({ costUsd: 0, priceKnown: false });
  });

  it('lets the plan override a price and price an unlisted model', () => {
    const overrides = { 'llama-3-local': { input_per_mtok: 1, output_per_mtok: 2 }, 'gpt-4o': { input_per_mtok: 0, output_per_mtok: 0 } };
    expect(estimateCallCostUsd(['llama-3-local'], 1_000_000, 500_000, overrides)).toEqual({ costUsd: 2, priceKnown: true });
    expect(estimateCallCostUsd(['gpt-4o'], 1_000_000, 1_000_000, overrides).costUsd).toBe(0);
  });

  // Found by an adversarial pass: an endpoint that reported a listed name for a deployment the plan priced
  // was charged the table's price ($0.10 a million against the plan's $100), and max_cost_usd passed unseen.
  it("takes the plan's price under either name before the table's", () => {
    const overrides = { 'prod-deployment': { input_per_mtok: 100, output_per_mtok: 100 } };
    expect(estimateCallCostUsd(['gpt-4.1-nano', 'prod-deployment'], 1_000, 1_000, overrides)).toEqual({ costUsd: 0.2, priceKnown: true });
    // The reported name's own price in the plan still wins over the requested one's.
    expect(estimateCallCostUsd(['gpt-4.1-nano', 'prod-deployment'], 1_000, 1_000, { ...overrides, 'gpt-4.1-nano': { input_per_mtok: 1, output_per_mtok: 1 } }).costUsd).toBe(0.002);
    // Without one in the plan, the table's price of the reported name, then of the requested one.
    expect(estimateCallCostUsd(['gpt-4.1-nano', 'gpt-4o'], 1_000_000, 0).costUsd).toBe(0.1);
    expect(estimateCallCostUsd(['/models/x.gguf', 'gpt-4o'], 1_000_000, 0).costUsd).toBe(2.5);
  });
});

const ask = (model: string, text = 'q'): ChatRequest => ({ model, messages: [{ role: 'user', content: text }] });

describe('callUsage', () => {
  it('counts one call with its tokens and cost from the response', () => {
    expect(callUsage(response('gpt-4.1-mini', 2_000, 500), ask('gpt-4.1-mini'))).toEqual({
      modelCalls: 1,
      promptTokens: 2_000,
      completionTokens: 500,
      costUsd: (2_000 * 0.4 + 500 * 1.6) / 1_000_000,
      model: 'gpt-4.1-mini',
      requestedModel: 'gpt-4.1-mini',
      priceKnown: true,
    });
  });

  it('falls back to the requested model when the endpoint reports a name it cannot price', () => {
    const usage = callUsage(response('internal-router-7', 1_000_000, 0), ask('gpt-4o'));
    expect(usage).toMatchObject({ costUsd: 2.5, priceKnown: true });
  });

  it('estimates the tokens from the text when the endpoint sends no usage, and says so', () => {
    const { usage: _, ...bare } = response('gpt-4o', 1, 1);
    const request = ask('gpt-4o', 'x'.repeat(4_000));
    const usage = callUsage(bare, request);
    const sent = JSON.stringify({ messages: request.messages }).length;
    expect(usage).toMatchObject({ modelCalls: 1, promptTokens: Math.ceil(sent / 4), estimatedCalls: 1 });
    expect(usage.promptTokens).toBeGreaterThan(1_000);
    expect(usage.costUsd).toBeCloseTo((usage.promptTokens * 2.5 + usage.completionTokens * 10) / 1_000_000);
    expect(callUsage(response('gpt-4o', 1, 1), request)).not.toHaveProperty('estimatedCalls');
  });

  // Found by an adversarial pass: 1 token reported for each 15 MB answer kept an agent's budget from ever
  // stopping it (7 min, 2.9 GB, a 346 MB request).
  it('charges a quarter of the estimate when the endpoint reports far less', () => {
    const request = ask('gpt-4o', 'x'.repeat(160_000));
    const lying: ChatResponse = { ...response('gpt-4o', 1, 1), choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: 'y'.repeat(64_000), refusal: null } }] };
    const usage = callUsage(lying, request);
    expect(usage.promptTokens).toBeGreaterThanOrEqual(10_000);
    expect(usage.completionTokens).toBe(4_000);
    // And the call is counted as estimated, which the summary says: the figure looked like the endpoint's own (a budget hunt).
    expect(usage.estimatedCalls).toBe(1);
    // Honest counts above the floor are taken as they are.
    const honest = callUsage({ ...lying, usage: { prompt_tokens: 40_000, completion_tokens: 16_000, total_tokens: 56_000 } }, request);
    expect(honest).toMatchObject({ promptTokens: 40_000, completionTokens: 16_000 });
    expect(honest).not.toHaveProperty('estimatedCalls');
  });

  // OpenAI bills the prompt tokens it read from its cache at a quarter of the input price or less (gpt-4.1: $0.50
  // against $2), and each call was charged them at the full price.
  it('charges the prompt tokens the endpoint read from its cache at the cached input price', () => {
    const cached = (details: unknown, prompt = 1_000_000): ChatResponse => {
      const answer = response('gpt-4.1', prompt, 0);
      return { ...answer, usage: { ...answer.usage!, prompt_tokens_details: details } as ChatResponse['usage'] };
    };
    expect(callUsage(cached({ cached_tokens: 800_000 }), ask('gpt-4.1'))).toMatchObject({ promptTokens: 1_000_000, cachedPromptTokens: 800_000, costUsd: 0.8 });
    // The plan's cached price; left out of the plan, its input price.
    expect(callUsage(cached({ cached_tokens: 800_000 }), ask('gpt-4.1'), { 'gpt-4.1': { input_per_mtok: 1, output_per_mtok: 1, cached_input_per_mtok: 0.1 } }).costUsd).toBeCloseTo(0.28);
    expect(callUsage(cached({ cached_tokens: 800_000 }), ask('gpt-4.1'), { 'gpt-4.1': { input_per_mtok: 1, output_per_mtok: 1 } }).costUsd).toBe(1);
    // A count that says nothing true costs the full price: more than the prompt is the prompt, and a negative, a fraction or a string none.
    expect(callUsage(cached({ cached_tokens: 5_000_000 }), ask('gpt-4.1')).costUsd).toBe(0.5);
    for (const details of [{ cached_tokens: -800_000 }, { cached_tokens: 0.5 }, { cached_tokens: '800000' }, null, 'x']) {
      const usage = callUsage(cached(details), ask('gpt-4.1'));
      expect(usage.costUsd).toBe(2);
      expect(usage).not.toHaveProperty('cachedPromptTokens');
    }
  });
});

/** The README's price table under `## Costs`: each row's model (its first code span), input, cached input and output. */
function readmePriceRows(): { model: string; cells: number[]; note: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Costs\n'), readme.indexOf('\n## Troubleshooting\n'));
  return [...section.matchAll(/^\| `([^`]+)`([^|]*) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|$/gm)].map((row) => ({
    model: row[1]!,
    note: row[2]!,
    cells: [Number(row[3]), Number(row[4]), Number(row[5])],
  }));
}

// Found by a docs pass: nothing held the README's price table to MODEL_PRICES, and a price changed in one
// would have gone on being promised in the other (the figures users check their max_cost_usd against).
describe('the README’s price table', () => {
  it('lists every model of the built-in table, with its prices, and names the default model', () => {
    const rows = readmePriceRows();
    const table = Object.entries(MODEL_PRICES).map(([model, price]) => ({ model, cells: [price.inputPerMTok, price.cachedInputPerMTok, price.outputPerMTok] }));
    expect(rows.map(({ model, cells }) => ({ model, cells }))).toEqual(table);
    expect(rows.find((row) => row.note.includes('(the default)'))?.model).toBe(DEFAULT_MODEL);
  });
});
