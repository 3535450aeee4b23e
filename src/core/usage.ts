/** Model use, counted per step and per run. */
export interface Usage {
  readonly modelCalls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  /**
   * Of `promptTokens`, those the endpoint said it read from its cache (`usage.prompt_tokens_details.cached_tokens`),
   * which cost the cached input price; absent when none. Every view that shows tokens in shows these beside them.
   */
  readonly cachedPromptTokens?: number;
  /** Calls whose tokens were estimated from the text, because the endpoint sent no `usage`, counts that say nothing (0 prompt tokens, none for the output), or counts far below the text (raised to a quarter of the estimate). */
  readonly estimatedCalls?: number;
  /**
   * Requests made and abandoned before their whole answer came in (an attempt's timeout, a cancel, a
   * budget stop, an answer that broke off): what the endpoint bills for them is not known, so no other
   * count has them.
   */
  readonly abandonedRequests?: number;
  /**
   * Calls made that failed with no answer saying what they used (an HTTP error, an answer that was none):
   * `max_model_calls` counts them, as it counts every call started, and no other count has them.
   */
  readonly unansweredCalls?: number;
  /**
   * Calls of a model with no price in the built-in table or the plan's `pricing:`: `costUsd` has nothing
   * for them, and the reports say their cost is unknown rather than show $0 as if it were known.
   */
  readonly unpricedCalls?: number;
}

export const NO_USAGE: Usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

/** Adds two usage counts. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    modelCalls: a.modelCalls + b.modelCalls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    costUsd: a.costUsd + b.costUsd,
    ...((a.cachedPromptTokens || b.cachedPromptTokens) && { cachedPromptTokens: (a.cachedPromptTokens ?? 0) + (b.cachedPromptTokens ?? 0) }),
    ...((a.estimatedCalls || b.estimatedCalls) && { estimatedCalls: (a.estimatedCalls ?? 0) + (b.estimatedCalls ?? 0) }),
    ...((a.abandonedRequests || b.abandonedRequests) && { abandonedRequests: (a.abandonedRequests ?? 0) + (b.abandonedRequests ?? 0) }),
    ...((a.unpricedCalls || b.unpricedCalls) && { unpricedCalls: (a.unpricedCalls ?? 0) + (b.unpricedCalls ?? 0) }),
    ...((a.unansweredCalls || b.unansweredCalls) && { unansweredCalls: (a.unansweredCalls ?? 0) + (b.unansweredCalls ?? 0) }),
  };
}
