import { describe, expect, it } from 'vitest';
import { findRegressions } from '../../src/eval/eval-verdict.ts';
import type { VariantSummary } from '../../src/eval/summarise-variant.ts';

function column(tokens: { prompt: number; completion: number }, costUsd = 0): VariantSummary {
  return {
    column: 'plan',
    runs: 2,
    successRate: 1,
    goalsMetRate: [],
    modelCalls: { mean: 3, p95: 3 },
    promptTokens: tokens.prompt,
    cachedPromptTokens: 0,
    completionTokens: tokens.completion,
    costUsd,
    abandonedRequests: 0,
    unpricedCalls: 0,
    durationMs: { p50: 10, p95: 10 },
    retries: 0,
    replans: 0,
    escalationRate: 0,
    faultsInjected: 0,
  };
}

// With a model of no known price both plans cost $0: a plan that sent a thousand times the prompt
// was "No regression".
describe('findRegressions', () => {
  it('counts tokens per run on their own, past the tolerance', () => {
    expect(findRegressions(column({ prompt: 165, completion: 40 }), column({ prompt: 180_168, completion: 40 }))).toEqual([
      { figure: 'tokens per run', base: 205, plan: 180_208 },
    ]);
    expect(findRegressions(column({ prompt: 1000, completion: 0 }), column({ prompt: 1090, completion: 0 }))).toEqual([]);
  });
});
