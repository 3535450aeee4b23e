import { describe, expect, it } from 'vitest';
import { figureBeside, figuresApart } from '../../src/eval/figure-beside.ts';
import { renderEvalTable } from '../../src/eval/render-eval-table.ts';
import { summariseVariant } from '../../src/eval/summarise-variant.ts';

const table = (input: Partial<Parameters<typeof renderEvalTable>[0]>) => renderEvalTable({ title: 'Eval', columns: [], notes: [], thresholds: [], ...input });

describe('figures beside a limit or a base', () => {
  // With four decimals a cost just over its limit printed as the limit itself, beside a ❌.
  it('shows a missed threshold with the digits that tell it from its limit', () => {
    const markdown = table({ thresholds: [{ name: 'max-cost-usd-per-run', limit: 0.01, actual: 0.010000004, ok: false }] });
    expect(markdown).toContain('- ❌ `max-cost-usd-per-run`: 0.010000004 (limit 0.01)');
  });

  // `--max-cost-usd-per-run 0.0000001` read "(limit 1e-7)": a limit, and a figure past 15 decimals, in exponent notation
  // (found by a cost hunt).
  it('writes a limit and a figure in decimals, never in exponent notation', () => {
    const markdown = table({ thresholds: [{ name: 'max-cost-usd-per-run', limit: 0.000_000_1, actual: 0.000_07, ok: false }, { name: 'min-success-rate', limit: 0.000_000_5, actual: 1, ok: true }] });
    expect(markdown).toContain('- ❌ `max-cost-usd-per-run`: 0.0001 (limit 0.0000001)');
    expect(markdown).toContain('- ✅ `min-success-rate`: 1.0000 (limit 0.0000005)');
    const unchecked = table({ thresholds: [{ name: 'max-cost-usd-per-run', limit: 0.000_000_1, actual: 0, ok: false, unevaluable: 'no run succeeded' }] });
    expect(unchecked).toContain('not checked (limit 0.0000001): no run succeeded');
    expect(unchecked).not.toMatch(/\de-\d/);
  });

  it('keeps four decimals where they already tell the figure from its limit', () => {
    const markdown = table({ thresholds: [{ name: 'min-success-rate', limit: 0.8, actual: 0.9, ok: true }] });
    expect(markdown).toContain('- ✅ `min-success-rate`: 0.9000 (limit 0.8)');
  });

  it('shows a regression between two small figures with the digits that tell them apart', () => {
    const markdown = table({ regressions: [{ figure: 'cost per run', base: 0.00001, plan: 0.00002 }] });
    expect(markdown).toContain('- cost per run: 0.00001 → 0.00002');
  });

  // Found by the review: each figure took its own digits, and 0.00056 → 0.00062 read 0.0006 → 0.0006.
  it('shows both figures of a regression with the same digits, enough to tell them apart', () => {
    expect(table({ regressions: [{ figure: 'cost per run (USD)', base: 0.00056, plan: 0.00062 }] })).toContain('- cost per run (USD): 0.00056 → 0.00062');
    expect(figuresApart(0.000566, 0.000623)).toEqual(['0.00057', '0.00062']);
    expect(figuresApart(1200, 1500)).toEqual(['1200', '1500']);
    expect(figuresApart(0, 0.00002)).toEqual(['0.00000', '0.00002']);
  });

  it('rounds to the side the figure is on, never across the limit', () => {
    expect(figureBeside(0.012341, 0.01234)).toBe('0.012341');
    expect(figureBeside(0.0123399, 0.01234)).toBe('0.0123');
    expect(figureBeside(0.5, 0.5)).toBe('0.5000');
    expect(figureBeside(1e-20, 0)).toBe('0.00000000000000000001');
    expect(figureBeside(0, 0.5)).toBe('0.0000');
  });
});

// Found by an adversarial pass: the calls of a model with no known price cost "$0.00000" per run.
describe('a cost that is not known', () => {
  const summary = (unpricedCalls: number, costUsd: number) => ({
    column: 'plan',
    runs: 2,
    successRate: 1,
    goalsMetRate: [],
    modelCalls: { mean: 2, p95: 2 },
    promptTokens: 100,
    cachedPromptTokens: 0,
    completionTokens: 10,
    costUsd,
    abandonedRequests: 0,
    unpricedCalls,
    durationMs: { p50: 10, p95: 10 },
    retries: 0,
    replans: 0,
    escalationRate: 0,
    faultsInjected: 0,
  });

  it('reads unknown, with the priced part when some calls had a price', () => {
    expect(table({ columns: [summary(2, 0)] })).toContain('| cost per run (mean) | unknown |');
    expect(table({ columns: [summary(1, 0.002)] })).toContain('| cost per run (mean) | $0.00200 + unknown |');
    expect(table({ columns: [summary(0, 0.002)] })).toContain('| cost per run (mean) | $0.00200 |');
  });
});

// Non-zero means printed as zero: 0.025 retries per run as `0.0`, a cost of $0.0000014 as `$0.00000` (found by an adversarial pass).
describe('a small figure in the table', () => {
  it('reads as what it is, not as 0', () => {
    const run = { column: 'plan', variant: 'plan' as const, status: 'succeeded' as const, goals: [], modelCalls: 1, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 1, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [] };
    const runs = Array.from({ length: 40 }, (_, index) => ({ ...run, run: index + 1, retries: index === 0 ? 1 : 0, costUsd: 0.0000014 }));
    const markdown = renderEvalTable({ title: 't', columns: [summariseVariant('plan', runs)], notes: [], thresholds: [] });
    expect(markdown).toContain('| retries per run | 0.03 |');
    expect(markdown).toContain('| cost per run (mean) | $0.000001 |');
  });

  // Runs of a few milliseconds (a plan that calls no model, an answers file) read `0.00 s / 0.00 s` (found by a cost hunt).
  it('shows a duration of a few milliseconds as such, not as 0.00 s', () => {
    const table = (durationMs: { p50: number; p95: number }) => renderEvalTable({ title: 't', columns: [{ ...summariseVariant('plan', []), column: 'plan', durationMs }], notes: [], thresholds: [] });
    expect(table({ p50: 4, p95: 410 })).toContain('| duration (p50 / p95) | 0.004 s / 0.41 s |');
    expect(table({ p50: 1020, p95: 1350 })).toContain('| duration (p50 / p95) | 1.02 s / 1.35 s |');
    expect(table({ p50: 0, p95: 0 })).toContain('| duration (p50 / p95) | 0.00 s / 0.00 s |');
  });

  // Found by the review of that fix: rates and token means were still rounded to 0.
  it('reads as what it is for a rate and a token mean too', () => {
    const run = { column: 'plan', variant: 'plan' as const, goals: [], modelCalls: 1, cachedPromptTokens: 0, completionTokens: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 1, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [], retries: 0, costUsd: 0 };
    const runs = Array.from({ length: 2_001 }, (_, index) => ({ ...run, run: index + 1, status: index === 0 ? ('succeeded' as const) : ('failed' as const), promptTokens: index < 600 ? 1 : 0 }));
    const markdown = renderEvalTable({ title: 't', columns: [summariseVariant('plan', runs)], notes: [], thresholds: [] });
    expect(markdown).toContain('**0.05%**');
    expect(markdown).toContain('| prompt tokens (mean) | 0.3 |');
  });
});

describe('the cost gate over calls of no known price', () => {
  it('says how many calls per run, not 0', async () => {
    const { checkThresholds } = await import('../../src/eval/eval-verdict.ts');
    const plan = { ...summariseVariant('plan', [{ column: 'plan', variant: 'plan' as const, status: 'succeeded' as const, run: 1, goals: [], modelCalls: 1, promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0, abandonedRequests: 0, unpricedCalls: 0, durationMs: 1, retries: 0, replans: 0, plannerCalls: 0, faults: [], faultRulesTargeting: [], costUsd: 0 }]), unpricedCalls: 1 / 300, runs: 300 };
    const [check] = checkThresholds(plan, { maxCostUsdPerRun: 1 }, { succeeded: 300 });
    expect(check).toMatchObject({ ok: false });
    expect(JSON.stringify(check)).toContain('0.003 model call(s) per run');
  });
});

// Found by an adversarial pass: the job summary is cut at its end to GitHub's 1 MiB, and 20,000 goals' rows (or
// regressions) took the thresholds and the notes after them.
describe('a table of many goals', () => {
  it('shows 500 of them, those met least often, and keeps the verdicts under 1 MiB', () => {
    const goalsMetRate = Array.from({ length: 20_000 }, (_, index) => ({ name: `goal ${index} ${'x'.repeat(300)}`, rate: index === 12_345 ? 0 : 1 }));
    const column = { ...summariseVariant('plan', []), column: 'plan', goalsMetRate };
    const regressions = goalsMetRate.map((goal) => ({ figure: `goal met: ${goal.name}`, base: 1, plan: 0.5 }));
    const markdown = table({ columns: [column], regressions, thresholds: [{ name: 'min-success-rate', limit: 1, actual: 0.5, ok: false }], notes: ['Failed: why'] });
    expect(Buffer.byteLength(markdown)).toBeLessThan(1024 * 1024);
    expect(markdown.match(/^\| goal met: goal \d+ x+… \|/gm)).toHaveLength(500);
    expect(markdown).toContain(`| goal met: goal 12345 ${'x'.repeat(188)}… | 0% |`);
    expect(markdown).toContain('| goal met: … 19,500 more goals, each in the JSON report | — |');
    expect(markdown).toContain('- … 19,500 more, each in the JSON report');
    expect(markdown).toContain('- ❌ `min-success-rate`: 0.5000 (limit 1)');
    expect(markdown).toContain('_Failed: why_');
  });
});
