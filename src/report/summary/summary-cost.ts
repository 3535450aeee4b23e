import type { Usage } from '../../core/usage.ts';
import { NO_USAGE, addUsage } from '../../core/usage.ts';
import type { RunRecord } from '../../core/run-record.ts';
import { escapeInlineMarkdown } from '../markdown/escape-markdown.ts';
import { runUsage, stepUsageSoFar } from '../../core/run-usage.ts';
import { reusedWork } from '../reused-work.ts';
import { groupDigits } from '../../core/group-digits.ts';
import { costCells } from './cost-cells.ts';

/** The budget limits a run had, as far as the cost table compares against them. */
export interface CostLimits {
  readonly maxModelCalls?: number;
  readonly maxTokens?: number;
  readonly maxCostUsd?: number;
}

function usd(value: number): string {
  // A spend under a hundredth of a cent is not nothing: `$0.0000` read as free.
  return value === 0 ? '$0' : value < 0.00005 ? '<$0.0001' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}

const finite = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);

/** The cost of `usage`'s calls (`costUsd` written as `shown`): `unknown` for calls of a model with no price, never a $0 that reads as known. */
function cost(usage: Usage, shown = usd(usage.costUsd)): string {
  const unpriced = usage.unpricedCalls ?? 0;
  if (unpriced === 0) return shown;
  return unpriced >= usage.modelCalls ? 'unknown' : `${shown} + unknown`;
}

/**
 * A cost table's columns: "Of them cached" after "Tokens in" when any call read prompt tokens from the endpoint's cache,
 * which cost the cached input price: without it, 100,000 tokens in at $0.08 read as a wrong price for gpt-4.1.
 */
class CostTable {
  readonly #cached: boolean;

  constructor(total: Usage) {
    this.#cached = (total.cachedPromptTokens ?? 0) > 0;
  }

  /** The header row and the alignment row under it. */
  header(): string {
    const cached = this.#cached ? ' Of them cached |' : '';
    return `| Step | Model calls | Tokens in |${cached} Tokens out | Est. cost |\n| --- | ---: | ---: |${this.#cached ? ' ---: |' : ''} ---: | ---: |`;
  }

  row(label: string, usage: Usage, shownCost?: string): string {
    const cached = this.#cached ? ` ${groupDigits(usage.cachedPromptTokens ?? 0)} |` : '';
    return `| ${label} | ${groupDigits(usage.modelCalls)} | ${groupDigits(usage.promptTokens)} |${cached} ${groupDigits(usage.completionTokens)} | ${cost(usage, shownCost)} |`;
  }

  limitRow(limits: CostLimits, costCap: string): string | undefined {
    if (!finite(limits.maxModelCalls) && !finite(limits.maxTokens) && !finite(limits.maxCostUsd)) return undefined;
    const calls = finite(limits.maxModelCalls) ? groupDigits(limits.maxModelCalls) : '—';
    const tokens = finite(limits.maxTokens) ? `${groupDigits(limits.maxTokens)} (in + out)` : '—';
    return `| Limit | ${calls} | ${tokens} |${this.#cached ? '  |' : ''}  | ${costCap} |`;
  }

  /** What the column holds, said under the table when it is there. */
  note(): string | undefined {
    return this.#cached ? 'Of them cached: of the tokens in, those the endpoint read from its cache, which cost the cached input price (the plan\'s `pricing:` `cached_input_per_mtok`, else the built-in table\'s, else the input price).' : undefined;
  }
}

/** The calls of models with no price, which no cost figure counts; undefined when every call had one. */
function unpricedLine(total: Usage): string | undefined {
  const calls = total.unpricedCalls ?? 0;
  if (calls === 0) return undefined;
  return `No price is known for the model of ${groupDigits(calls)} of ${groupDigits(total.modelCalls)} model call${total.modelCalls === 1 ? '' : 's'}, so no cost figure counts ${calls === 1 ? 'it' : 'them'}: give the model its price in the plan's \`pricing:\` (US dollars per million tokens) for a cost, and for \`max_cost_usd\`.`;
}

/**
 * The model requests abandoned before their answer came in, and the calls that failed with no answer saying what
 * they used, which no cost figure counts (a stop's "spent" on `max_model_calls` counts every call started);
 * undefined when there were none.
 */
export function abandonedLine(total: Usage): string | undefined {
  const requests = total.abandonedRequests ?? 0;
  const unanswered = total.unansweredCalls ?? 0;
  if (requests === 0 && unanswered === 0) return undefined;
  const one = requests === 1;
  const abandoned =
    requests === 0
      ? []
      : [`${groupDigits(requests)} model request${one ? ' was' : 's were'} abandoned before ${one ? 'its' : 'their'} answer came in (a timeout, a cancel, a budget stop or an answer that broke off): what the endpoint bills for ${one ? 'it' : 'them'} is not known, so no cost figure counts ${one ? 'it' : 'them'}.`];
  const failed =
    unanswered === 0 ? [] : [`${groupDigits(unanswered)} model call${unanswered === 1 ? '' : 's'} failed with no answer saying what ${unanswered === 1 ? 'it' : 'they'} used (an HTTP error), so no cost figure counts ${unanswered === 1 ? 'it' : 'them'}.`];
  return [...abandoned, ...failed, '`max_model_calls` counts every call started, answered or not.'].join(' ');
}

export interface CostOptions {
  /** A job of a fanned-out run: the steps it reused are the other jobs'. */
  readonly fannedOut?: boolean;
  /** Written by the post step of a main step that was killed mid-run: a request then in flight is in no figure. */
  readonly killed?: boolean;
}

/** What a killed main step's cost cannot have, said under its table. */
export const KILLED_COST_NOTE = 'The main step ended while the run went on: what a model request then in flight used never came back, so no figure here counts it.';

/**
 * Model calls, tokens and estimated cost per step and in total; calls no step owns (planning,
 * replanning, goal judges) get their own row, and the limits a row of their own when given.
 */
export function renderSummaryCost(record: RunRecord, limits: CostLimits | undefined, redact: (t: string) => string, options: CostOptions = {}): string {
  const { fannedOut = false } = options;
  const lines = ['### Cost'];
  const total = runUsage(record);
  const reused = reusedWork(record);
  if (reused.words !== '') {
    const saved = reused.usage;
    const steps = reused.words;
    // "and unknown" read as a sum: a cost that is not known is said in words (found by a review).
    const calls = `${groupDigits(saved.modelCalls)} model call${saved.modelCalls === 1 ? '' : 's'}`;
    const unpriced = saved.unpricedCalls ?? 0;
    const spent = unpriced === 0 ? `${calls} and ${usd(saved.costUsd)}` : unpriced >= saved.modelCalls ? `${calls} (their cost not known)` : `${calls} and ${usd(saved.costUsd)} (and the cost of ${groupDigits(unpriced)}, not known)`;
    lines.push(
      '',
      // A job of a fanned-out run takes the steps the other jobs of its workflow run ran: not a resume, and their cost is counted where they ran.
      fannedOut
        ? `Taken from this workflow run's saved states: ${steps} that the prepare or shard jobs (or an earlier attempt of this job) ran; their ${spent} are counted in the summaries of the jobs that ran them, not here.`
        : `Resumed: ${steps} reused from the earlier run, which would have cost ${spent} again.`,
    );
  }
  if (total.modelCalls === 0 && total.promptTokens === 0 && total.completionTokens === 0) {
    lines.push('', abandonedLine(total) ?? 'No model calls.');
    if (options.killed) lines.push('', KILLED_COST_NOTE);
    return lines.join('\n');
  }
  const table = new CostTable(total);
  lines.push('', table.header());
  let stepsTotal = NO_USAGE;
  const rows: Array<readonly [label: string, used: Usage]> = [];
  for (const step of record.steps.values()) {
    // A step still in progress when the run ended (a shard's fan-out step, which the merge completes) has
    // what was charged to it so far: its items' calls are not "planning and goal checks".
    const used = stepUsageSoFar(step);
    stepsTotal = addUsage(stepsTotal, used);
    if (used.modelCalls > 0 || used.promptTokens > 0) rows.push([escapeInlineMarkdown(redact(step.key)), used]);
  }
  const other: Usage = {
    modelCalls: total.modelCalls - stepsTotal.modelCalls,
    promptTokens: total.promptTokens - stepsTotal.promptTokens,
    completionTokens: total.completionTokens - stepsTotal.completionTokens,
    cachedPromptTokens: Math.max(0, (total.cachedPromptTokens ?? 0) - (stepsTotal.cachedPromptTokens ?? 0)),
    costUsd: Math.max(0, total.costUsd - stepsTotal.costUsd),
    unpricedCalls: Math.max(0, (total.unpricedCalls ?? 0) - (stepsTotal.unpricedCalls ?? 0)),
  };
  if (other.modelCalls > 0 || other.promptTokens > 0) rows.push(['planning and goal checks', other]);
  // One number of decimals, the rows adding up to the total shown: rounded one by one, they did not.
  const cap = limits && finite(limits.maxCostUsd) ? limits.maxCostUsd : undefined;
  const cells = costCells(rows.map(([, used]) => used.costUsd), total.costUsd, cap);
  rows.forEach(([label, used], index) => lines.push(table.row(label, used, cells.rows[index])));
  lines.push(table.row('**Total**', total, cells.total));
  const limit = limits && table.limitRow(limits, cells.cap ?? '—');
  if (limit) lines.push(limit);
  pushNotes(lines, total, table);
  if (options.killed) lines.push('', KILLED_COST_NOTE);
  return lines.join('\n');
}

/** The lines under a cost table: what its cached column holds, which calls' tokens were estimated, which had no price, which were abandoned or unanswered. */
function pushNotes(lines: string[], total: Usage, table: CostTable): void {
  const cached = table.note();
  if (cached) lines.push('', cached);
  const estimated = total.estimatedCalls ?? 0;
  if (estimated > 0) {
    lines.push('', `Tokens are estimated for ${groupDigits(estimated)} of ${groupDigits(total.modelCalls)} model call${total.modelCalls === 1 ? '' : 's'} (about 4 characters a token): the endpoint sent no \`usage\`, counts that say nothing (0 prompt tokens, none for the output), or counts far below what the text holds, raised to a quarter of the estimate. Limits were checked against the estimate.`);
  }
  const unpriced = unpricedLine(total);
  if (unpriced) lines.push('', unpriced);
  const abandoned = abandonedLine(total);
  if (abandoned) lines.push('', abandoned);
}

/**
 * The cost of a job in which no step ran (the model's plan rejected, or only shown): the planner's calls, as
 * the run's table has them; only the abandoned line when no call answered, undefined when none was made.
 * The outputs counted them, and the summary said nothing of them (found by an adversarial pass).
 */
export function renderPlanningCost(usage: Usage): string | undefined {
  if (usage.modelCalls === 0 && usage.promptTokens === 0 && usage.completionTokens === 0) return abandonedLine(usage);
  const cells = costCells([usage.costUsd], usage.costUsd);
  const table = new CostTable(usage);
  const lines = ['### Cost', '', table.header(), table.row('planning', usage, cells.rows[0]), table.row('**Total**', usage, cells.total)];
  pushNotes(lines, usage, table);
  return lines.join('\n');
}
