import { dollarsPast } from '../core/dollars-past.ts';
import { figureBeside } from './figure-beside.ts';
import type { VariantSummary } from './summarise-variant.ts';

/** Limits an evaluation must stay within to pass (the action's `min-success-rate`, `max-cost-usd-per-run`). */
export interface EvalThresholds {
  readonly minSuccessRate?: number;
  readonly maxCostUsdPerRun?: number;
}

export interface ThresholdCheck {
  readonly name: string;
  readonly limit: number;
  readonly actual: number;
  readonly ok: boolean;
  /** Why the figure could not be checked (then `ok` is false): a gate that could not evaluate fails. */
  readonly unevaluable?: string;
  /** What the figure is, where it is not the column's own figure of that name: `the mean of the 1 run(s) that succeeded`. */
  readonly of?: string;
}

/** A figure that got worse from the base plan to the plan, beyond the tolerance stated in `REGRESSION_TOLERANCE`. */
export interface Regression {
  readonly figure: string;
  readonly base: number;
  readonly plan: number;
}

/** Goals only one of two compared plans has: measured on one side only, no rate of theirs got worse or better. */
export interface GoalChanges {
  /** The base plan's goals the plan no longer has. */
  readonly dropped: readonly string[];
  /** The plan's goals the base plan did not have. */
  readonly added: readonly string[];
}

/** The goals `planGoals` dropped from `baseGoals`, and those it added, each in its plan's order. */
export function goalChanges(baseGoals: readonly string[], planGoals: readonly string[]): GoalChanges {
  const [inBase, inPlan] = [new Set(baseGoals), new Set(planGoals)];
  return { dropped: [...inBase].filter((name) => !inPlan.has(name)), added: [...inPlan].filter((name) => !inBase.has(name)) };
}

/** Cost and model calls may grow by this share before they count as a regression (runs vary). */
export const REGRESSION_TOLERANCE = 0.1;

/**
 * Checks the plan column against the thresholds; none given → no checks. The cost threshold cannot be
 * checked, and fails, when its figure says nothing of the plan's cost: with `runs.endedWithoutCall`, runs
 * that ended without a model call and without succeeding, of a plan that needs a model (no model
 * configured, an endpoint that could not be reached, a refused tool), whose $0 is no cost of the plan's;
 * with no run that succeeded (`runs.succeeded`: 0); with requests abandoned in flight (`runs.abandoned`); or with
 * calls of a model with no known price, which the check before any run misses where it cannot load the plan. Its
 * figure is the mean cost of all runs, or of those that succeeded (`runs.succeededCostUsd`) when that is more.
 */
export function checkThresholds(
  plan: VariantSummary,
  thresholds: EvalThresholds,
  runs: { readonly endedWithoutCall?: number; readonly succeeded?: number; readonly abandoned?: number; readonly succeededCostUsd?: number } = {},
): ThresholdCheck[] {
  const checks: ThresholdCheck[] = [];
  if (thresholds.minSuccessRate !== undefined) {
    checks.push({ name: 'min-success-rate', limit: thresholds.minSuccessRate, actual: plan.successRate, ok: plan.successRate >= thresholds.minSuccessRate });
  }
  if (thresholds.maxCostUsdPerRun !== undefined) {
    // A run that fails early is cheap: with no run that succeeded, the cost of one that does is unknown; and a
    // request abandoned in flight is billed by the provider but in no figure; nor is a call of a model with no
    // known price, which passed as $0 where the plan could not be loaded before the runs (found by adversarial passes).
    const unevaluable =
      (runs.endedWithoutCall ?? 0) > 0
        ? `${runs.endedWithoutCall} of ${plan.runs} run(s) ended without a model call and without succeeding, so their cost says nothing of the plan's`
        : runs.succeeded === 0
          ? `no run succeeded, so what a run that does costs is unknown (runs that fail early cost less)`
          : (runs.abandoned ?? 0) > 0
            ? `${runs.abandoned} model request(s) were abandoned before their answer (a timeout, a cancel), which a provider bills and no cost figure holds`
            : plan.unpricedCalls > 0
              ? `${Number(figureBeside(plan.unpricedCalls, 0, 2))} model call(s) per run went to a model with no known price, so the cost is not known; give the model's price in \`pricing:\``
              : undefined;
    // Held to the limit too: what a run that succeeds costs. Runs that fail early cost less, and four of them pulled the
    // mean of five under a limit the one that succeeded cost 2.5 times (found by a hunt of eval).
    const bySucceeded = (runs.succeededCostUsd ?? 0) > plan.costUsd;
    const actual = bySucceeded ? runs.succeededCostUsd! : plan.costUsd;
    checks.push({
      name: 'max-cost-usd-per-run',
      limit: thresholds.maxCostUsdPerRun,
      actual,
      ok: unevaluable === undefined && !dollarsPast(actual, thresholds.maxCostUsdPerRun),
      ...(unevaluable !== undefined && { unevaluable }),
      ...(bySucceeded && { of: `the mean of the ${runs.succeeded} run(s) that succeeded` }),
    });
  }
  return checks;
}

/**
 * What got worse from `base` to `plan`: a lower success or goal-met rate (any drop), or mean cost,
 * tokens or model calls higher by more than `REGRESSION_TOLERANCE`. Tokens count on their own: with
 * a model of no known price both plans cost $0, and a plan that sends ten times the prompt would pass.
 * A goal `dropped` (`goalChanges`) is not compared; any other goal of the base the plan's runs did not report counts as unmet.
 */
export function findRegressions(base: VariantSummary, plan: VariantSummary, dropped: readonly string[] = []): Regression[] {
  const found: Regression[] = [];
  if (plan.successRate < base.successRate) found.push({ figure: 'success rate', base: base.successRate, plan: plan.successRate });
  // By name, not a search per goal (quadratic in the goals: found by an adversarial pass); names are unique here.
  const planRates = new Map(plan.goalsMetRate.map((goal) => [goal.name, goal.rate]));
  const notCompared = new Set(dropped);
  for (const goal of base.goalsMetRate) {
    if (notCompared.has(goal.name)) continue;
    const now = planRates.get(goal.name) ?? 0;
    if (now < goal.rate) found.push({ figure: `goal met: ${goal.name}`, base: goal.rate, plan: now });
  }
  const grew = (before: number, after: number) => after > before * (1 + REGRESSION_TOLERANCE) && after - before > 1e-9;
  // A cost with calls of no price is not known: the tokens row below still compares them.
  if (base.unpricedCalls === 0 && plan.unpricedCalls === 0 && grew(base.costUsd, plan.costUsd)) found.push({ figure: 'cost per run (USD)', base: base.costUsd, plan: plan.costUsd });
  const tokens = (column: VariantSummary): number => column.promptTokens + column.completionTokens;
  if (grew(tokens(base), tokens(plan))) found.push({ figure: 'tokens per run', base: tokens(base), plan: tokens(plan) });
  if (grew(base.modelCalls.mean, plan.modelCalls.mean)) found.push({ figure: 'model calls per run', base: base.modelCalls.mean, plan: plan.modelCalls.mean });
  return found;
}
