/** Model use, counted per step and per run. */
export interface Usage {
  readonly modelCalls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  /** Calls whose tokens were estimated from the text, because the endpoint sent no `usage`. */
  readonly estimatedCalls?: number;
  /**
   * Calls sent but abandoned before they answered: the run was stopped (a budget, a cancel) or the
   * step timed out. What the endpoint bills for them is not known, so they are in no other count.
   */
  readonly cutOffCalls?: number;
}

export const NO_USAGE: Usage = { modelCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 };

/** Adds two usage counts. */
export function addUsage(a: Usage, b: Usage): Usage {
  return {
    modelCalls: a.modelCalls + b.modelCalls,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    costUsd: a.costUsd + b.costUsd,
    ...((a.estimatedCalls || b.estimatedCalls) && { estimatedCalls: (a.estimatedCalls ?? 0) + (b.estimatedCalls ?? 0) }),
    ...((a.cutOffCalls || b.cutOffCalls) && { cutOffCalls: (a.cutOffCalls ?? 0) + (b.cutOffCalls ?? 0) }),
  };
}
