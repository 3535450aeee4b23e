import { cutText } from '../core/cut-text.ts';
import { groupDigits } from '../core/group-digits.ts';
import { plainDecimal } from '../core/plain-decimal.ts';
import { oneLogLine } from '../report/checklist.ts';
import { escapeMarkdown } from '../report/markdown/escape-markdown.ts';
import type { GoalChanges, Regression, ThresholdCheck } from './eval-verdict.ts';
import { figureBeside, figuresApart } from './figure-beside.ts';
import type { VariantSummary } from './summarise-variant.ts';

/**
 * A rate as a percentage, its decimal point moved two places rather than multiplied by 100: 0.29 × 100 is
 * 28.999999999999996, and 29 of 100 runs at a limit of 0.29 read `28.999999999999996%` beside a pass (found by an
 * adversarial pass). The move keeps a rate equal to its limit equal, and one below it below.
 */
function hundredfold(rate: number): number {
  const [digits, exponent] = rate.toExponential().split('e');
  return Number(`${digits}e${Number(exponent) + 2}`);
}

// Beside 0, as `number` below: a rate of 1 in 2,001 read `0%` (found by a review).
const percent = (rate: number) => `${Number(figureBeside(hundredfold(rate), 0, 1))}%`;

/**
 * A success rate beside the `min-success-rate` limit, with as many decimals as it takes to read on the
 * side of the limit it is: 899 of 999 read `90%` beside a ❌ for a limit of 0.9 (found by an adversarial pass).
 */
function percentBeside(rate: number, limit: number | undefined): string {
  return limit === undefined ? percent(rate) : `${Number(figureBeside(hundredfold(rate), hundredfold(limit), 1))}%`;
}
// Beside 0, with the decimals it takes not to read as 0 when it is not: 0.025 retries per run read `0.0` (found by an adversarial pass).
const number = (value: number) => (Number.isInteger(value) ? String(value) : figureBeside(value, 0, 1));
const usd = (value: number) => `$${figureBeside(value, 0, value < 0.01 ? 5 : 4)}`;
// Beside 0 too: a run of 4 ms read `0.00 s`, as if nothing ran (found by a cost hunt).
const seconds = (ms: number) => `${figureBeside(ms / 1000, 0, 2)} s`;

/**
 * Goal rows, and regression lines, the table shows, each goal's name cut to 200 characters, as the run's summary
 * shows its goals: the verdicts come after them, and the job summary is cut at its end to GitHub's 1 MiB, so 20,000
 * goals (or one long name) took the thresholds and the notes that say why an evaluation failed (found by an
 * adversarial pass). The JSON report has every figure.
 */
const MAX_GOAL_LINES = 500;
const goalName = (name: string) => escapeMarkdown(cutText(name, 200));

export interface EvalTableInput {
  readonly title: string;
  readonly columns: readonly VariantSummary[];
  readonly notes: readonly string[];
  readonly thresholds: readonly ThresholdCheck[];
  readonly regressions?: readonly Regression[];
  readonly goalChanges?: GoalChanges;
}

/** The evaluation as Markdown: one column per variant (and plan), one row per figure, then the verdicts. */
export function renderEvalTable(input: EvalTableInput): string {
  // Cancelled before any run finished: no figure to show, and a table of empty cells said nothing (found by a review).
  const lines = [`## ${escapeMarkdown(input.title)}`, '', ...(input.columns.length === 0 ? ['No run finished, so there are no figures.'] : figureRows(input))];
  if (input.regressions) {
    lines.push('', input.regressions.length === 0 ? '**No regression** against the base plan.' : `**${input.regressions.length} regression(s)** against the base plan:`);
    for (const found of input.regressions.slice(0, MAX_GOAL_LINES)) {
      const [base, plan] = figuresApart(found.base, found.plan);
      lines.push(`- ${goalName(found.figure)}: ${base} → ${plan}`);
    }
    const more = input.regressions.length - MAX_GOAL_LINES;
    if (more > 0) lines.push(`- … ${groupDigits(more)} more, each in the JSON report`);
  }
  const changed = [...(input.goalChanges?.dropped ?? []).map((name) => `dropped: ${goalName(name)}`), ...(input.goalChanges?.added ?? []).map((name) => `added: ${goalName(name)}`)];
  if (changed.length > 0) {
    lines.push('', `**${changed.length} goal(s)** only one plan has, not compared:`);
    for (const line of changed.slice(0, MAX_GOAL_LINES)) lines.push(`- ${line}`);
    if (changed.length > MAX_GOAL_LINES) lines.push(`- … ${groupDigits(changed.length - MAX_GOAL_LINES)} more, each in the JSON report`);
  }
  if (input.thresholds.length > 0) {
    lines.push('');
    for (const check of input.thresholds) lines.push(`- ${check.ok ? '✅' : '❌'} \`${check.name}\`: ${check.unevaluable === undefined ? `${figureBeside(check.actual, check.limit)}${check.of === undefined ? '' : `, ${check.of}`} (limit ${plainDecimal(check.limit)})` : `not checked (limit ${plainDecimal(check.limit)}): ${check.unevaluable}`}`);
  }
  // A note may quote a run's reason (a model's words): one line, its control characters shown, never sent to a terminal.
  if (input.notes.length > 0) {
    lines.push('');
    for (const note of input.notes) lines.push(`_${escapeMarkdown(oneLogLine(note))}_`);
  }
  return `${lines.join('\n')}\n`;
}

/** The table: a column per variant, a row per figure. */
function figureRows(input: EvalTableInput): string[] {
  const { columns } = input;
  const row = (label: string, cell: (column: VariantSummary) => string) => `| ${label} | ${columns.map(cell).join(' | ')} |`;
  const allGoals = [...new Set(columns.flatMap((column) => column.goalsMetRate.map((goal) => goal.name)))];
  // Each column's rates by goal name, not a search per goal and column (quadratic in the goals).
  const rates = new Map(columns.map((column) => [column, new Map(column.goalsMetRate.map((goal) => [goal.name, goal.rate]))]));
  // Past the cap, the goals met least often in any column, in the plan's order.
  const lowest = new Map(allGoals.map((name) => [name, columns.reduce((least, column) => Math.min(least, rates.get(column)!.get(name) ?? 1), 1)]));
  const kept = new Set([...allGoals].sort((a, b) => lowest.get(a)! - lowest.get(b)!).slice(0, MAX_GOAL_LINES));
  const goalNames = allGoals.length > MAX_GOAL_LINES ? allGoals.filter((name) => kept.has(name)) : allGoals;
  const more = allGoals.length - goalNames.length;
  return [
    `| | ${columns.map((column) => escapeMarkdown(column.column)).join(' | ')} |`,
    `|---|${columns.map(() => '---:').join('|')}|`,
    row('runs', (c) => String(c.runs)),
    row('**success rate**', (c) => `**${percentBeside(c.successRate, input.thresholds.find((check) => check.name === 'min-success-rate')?.limit)}**`),
    ...goalNames.map((name) => row(`goal met: ${goalName(name)}`, (c) => {
      const rate = rates.get(c)!.get(name);
      return rate === undefined ? '—' : percent(rate);
    })),
    ...(more > 0 ? [row(`goal met: … ${groupDigits(more)} more goals, each in the JSON report`, () => '—')] : []),
    row('model calls (mean / p95)', (c) => `${number(c.modelCalls.mean)} / ${c.modelCalls.p95}`),
    row('prompt tokens (mean)', (c) => number(Math.round(c.promptTokens) || c.promptTokens)),
    // As the job summary's "Of them cached" column: only when a call read prompt tokens from the endpoint's cache, which
    // cost the cached input price (without it, the tokens and the cost above read as a wrong price).
    ...(columns.some((c) => c.cachedPromptTokens > 0) ? [row('of them cached (mean)', (c) => number(Math.round(c.cachedPromptTokens) || c.cachedPromptTokens))] : []),
    row('completion tokens (mean)', (c) => number(Math.round(c.completionTokens) || c.completionTokens)),
    // A model of no known price: its calls cost something, and $0 would read as known.
    row('cost per run (mean)', (c) => (c.unpricedCalls === 0 ? usd(c.costUsd) : c.unpricedCalls < c.modelCalls.mean ? `${usd(c.costUsd)} + unknown` : 'unknown')),
    // Only when an endpoint sent no `usage`: the token and cost rows above then hold estimates, as a run's summary says.
    ...(columns.some((c) => c.estimatedCalls !== undefined) ? [row('model calls whose tokens and cost are estimates, the endpoint sent no usage or far too little (mean)', (c) => number(c.estimatedCalls ?? 0))] : []),
    // Only when a run abandoned a request in flight: its cost is then in no row above.
    ...(columns.some((c) => c.abandonedRequests > 0) ? [row('model requests abandoned per run, not in the cost (mean)', (c) => number(c.abandonedRequests))] : []),
    row('duration (p50 / p95)', (c) => `${seconds(c.durationMs.p50)} / ${seconds(c.durationMs.p95)}`),
    row('retries per run', (c) => number(c.retries)),
    row('replans per run', (c) => number(c.replans)),
    row('escalated', (c) => percent(c.escalationRate)),
    row('plan valid (first answer / after repair)', (c) => (c.planValidRate === undefined ? '—' : `${percent(c.planFirstTryRate ?? 0)} / ${percent(c.planValidRate)}`)),
    row('faults injected per run', (c) => number(c.faultsInjected)),
  ];
}
