import type { EvalRunResult } from './eval-run-result.ts';

/** Figures over the runs of one column. Rates are in [0, 1]; `undefined` where no run measured it. */
export interface VariantSummary {
  readonly column: string;
  readonly runs: number;
  readonly successRate: number;
  /** Per goal: the share of runs in which it was met (a run that never reached its goals counts as unmet). */
  readonly goalsMetRate: ReadonlyArray<{ readonly name: string; readonly rate: number }>;
  readonly modelCalls: { readonly mean: number; readonly p95: number };
  readonly promptTokens: number;
  /** Of `promptTokens`, those read from the endpoint's cache (the cached input price), per run. */
  readonly cachedPromptTokens: number;
  readonly completionTokens: number;
  readonly costUsd: number;
  /** Model requests abandoned in flight, per run: what they cost is in no figure. */
  readonly abandonedRequests: number;
  /** Model calls per run of a model with no known price: over 0, the column's cost is not known. */
  readonly unpricedCalls: number;
  /** Model calls per run whose tokens were estimated from the text (no `usage` from the endpoint); absent when none was. */
  readonly estimatedCalls?: number;
  readonly durationMs: { readonly p50: number; readonly p95: number };
  readonly retries: number;
  readonly replans: number;
  readonly escalationRate: number;
  /** Share of runs whose model-written plan passed validation; undefined when the plan file has its steps, or no planner got an answer. */
  readonly planValidRate?: number;
  /** Share of runs whose first planner answer was valid (one planner answer). */
  readonly planFirstTryRate?: number;
  readonly faultsInjected: number;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Nearest-rank percentile: the smallest value with at least `p`% of values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Summarises the runs of one column; means for counts and costs, p50/p95 for durations. */
export function summariseVariant(column: string, runs: readonly EvalRunResult[]): VariantSummary {
  const goalNames = [...new Set(runs.flatMap((run) => run.goals.map((goal) => goal.name)))];
  // Each run's goals by name: a search of the list per goal and run took 0.8 s for 8,000 goals over 5 runs, the
  // square of the goals (found by an adversarial pass). The first of a name, as the search found.
  const outcomes = runs.map((run) => {
    const byName = new Map<string, string>();
    for (const goal of run.goals) if (!byName.has(goal.name)) byName.set(goal.name, goal.outcome);
    return byName;
  });
  // Runs whose model wrote a plan: a planner that got no answer wrote none, valid or not.
  const written = runs.filter((run) => run.planValid !== undefined);
  return {
    column,
    runs: runs.length,
    successRate: mean(runs.map((run) => (run.status === 'succeeded' ? 1 : 0))),
    goalsMetRate: goalNames.map((name) => ({ name, rate: mean(outcomes.map((byName) => (byName.get(name) === 'met' ? 1 : 0))) })),
    modelCalls: { mean: mean(runs.map((run) => run.modelCalls)), p95: percentile(runs.map((run) => run.modelCalls), 95) },
    promptTokens: mean(runs.map((run) => run.promptTokens)),
    cachedPromptTokens: mean(runs.map((run) => run.cachedPromptTokens)),
    completionTokens: mean(runs.map((run) => run.completionTokens)),
    costUsd: mean(runs.map((run) => run.costUsd)),
    abandonedRequests: mean(runs.map((run) => run.abandonedRequests)),
    unpricedCalls: mean(runs.map((run) => run.unpricedCalls)),
    ...(runs.some((run) => (run.estimatedCalls ?? 0) > 0) && { estimatedCalls: mean(runs.map((run) => run.estimatedCalls ?? 0)) }),
    durationMs: { p50: percentile(runs.map((run) => run.durationMs), 50), p95: percentile(runs.map((run) => run.durationMs), 95) },
    retries: mean(runs.map((run) => run.retries)),
    replans: mean(runs.map((run) => run.replans)),
    escalationRate: mean(runs.map((run) => (run.status === 'escalated' ? 1 : 0))),
    ...(written.length > 0 && {
      planValidRate: mean(written.map((run) => (run.planValid ? 1 : 0))),
      // By answers: an endpoint that refuses `response_format` takes two calls for the one answer (found by an adversarial pass).
      planFirstTryRate: mean(written.map((run) => (run.planValid && (run.plannerAnswers ?? run.plannerCalls) === 1 ? 1 : 0))),
    }),
    faultsInjected: mean(runs.map((run) => run.faults.length)),
  };
}
