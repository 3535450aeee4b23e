// Found by a budget hunt: costs are added as binary fractions (0.1 + 0.2 is 0.30000000000000004), and a spend of exactly
// max_cost_usd stopped the run as over it, its message showing cap and spend as one number; so did the eval cost gate.
import { describe, expect, it } from 'vitest';
import { dollarsPast, dollarsReached } from '../../src/core/dollars-past.ts';
import { checkThresholds } from '../../src/eval/eval-verdict.ts';
import { RunBudget } from '../../src/run/run-budget.ts';

const call = (promptTokens: number) => ({ modelCalls: 1, promptTokens, completionTokens: 0, costUsd: 0, model: 'm', requestedModel: 'm' });

describe('a spend of exactly the cap', () => {
  it('does not stop a run, and the next call is refused as the cap is reached', () => {
    const budget = new RunBudget({ max_cost_usd: 0.3 }, { m: { input_per_mtok: 1, output_per_mtok: 0 } });
    budget.charge(call(100_000));
    budget.charge(call(200_000));
    expect(budget.usage.costUsd).not.toBe(0.3);
    expect(budget.exceeded).toBeUndefined();
    budget.charge(call(1_000));
    expect(budget.exceeded?.message).toMatch(/^budget exceeded: max_cost_usd 0\.30\d* \(spent 0\.301/);
  });

  it('passes the eval cost gate', () => {
    const plan = { runs: 2, successRate: 1, costUsd: (0.1 + 0.2) / 2, unpricedCalls: 0 } as never;
    const [check] = checkThresholds(plan, { maxCostUsdPerRun: 0.15 }, { succeeded: 2, succeededCostUsd: (0.1 + 0.2) / 2 } as never);
    expect(check!.ok).toBe(true);
  });

  it('is compared at a billionth of a dollar, and a spend that is no number is past any limit', () => {
    expect(dollarsPast(0.1 + 0.2, 0.3)).toBe(false);
    expect(dollarsPast(0.300000001, 0.3)).toBe(true);
    expect(dollarsPast(Number.NaN, 1)).toBe(true);
    expect(dollarsReached(0.1 + 0.2, 0.3)).toBe(true);
    expect(dollarsReached(0.2999999, 0.3)).toBe(false);
    expect(dollarsReached(Number.NaN, 1)).toBe(true);
    expect(dollarsPast(5, Number.POSITIVE_INFINITY)).toBe(false);
  });
});
