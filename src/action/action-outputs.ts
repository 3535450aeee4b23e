import { goalsVerdict } from '../goals/goals-verdict.ts';
import { cutTextBytes } from '../core/cut-text.ts';
import { trimEndChars } from '../core/trim-end-chars.ts';
import type { Redactor } from '../core/redact.ts';
import { resultText } from '../core/result-text.ts';
import { runUsage } from '../core/run-usage.ts';
import { NO_USAGE, type Usage } from '../core/usage.ts';
import { jobDurationMs, type RunRecord } from '../core/run-record.ts';
import type { RunStatus } from '../core/run-event.ts';
import type { FinalReport } from '../report/final-report.ts';
import type { ReportPaths } from './report-paths.ts';

/** The outputs action.yml declares, as the strings `core.setOutput` writes. */
export interface ActionOutputs {
  readonly status: RunStatus;
  readonly result: string;
  readonly 'goals-met': 'true' | 'false';
  readonly report: string;
  readonly trace: string;
  /** `mode: plan`: the frozen plan file (steps written out, a model's included) that `mode: run` runs as written; '' otherwise. */
  readonly 'plan-file': string;
  /** Estimated cost in USD (built-in price table or the plan's `pricing:`); 0 without model calls, '' when a call's model has no price. */
  readonly 'cost-usd': string;
  readonly 'model-calls': string;
  readonly 'prompt-tokens': string;
  /** Of the prompt tokens, those the endpoint read from its cache (priced at the cached input price); 0 when none was. */
  readonly 'cached-prompt-tokens': string;
  readonly 'completion-tokens': string;
  /** Seconds the run took, planning and goal checks included, to a tenth; 0 when nothing ran. */
  readonly 'duration-seconds': string;
  /** mode: prepare only: the shard jobs' matrix as JSON (`{"shard":[1,2,3,4]}`). */
  readonly matrix?: string;
  /** mode: prepare only: the id of the artifact its state was saved as, the shard and merge jobs' `prepared`. */
  readonly prepared?: string;
}

type UsageOutputs = Pick<ActionOutputs, 'cost-usd' | 'model-calls' | 'prompt-tokens' | 'cached-prompt-tokens' | 'completion-tokens' | 'duration-seconds'>;

/** The outputs that are figures plan-runner computed (`usageOutputs`): redacted as figures (`redactFigure`), not as text. */
export const USAGE_OUTPUTS: ReadonlySet<string> = new Set(Object.keys(usageOutputs()));

/** The outputs of a run that never started (refused inputs, a refused run): `failed`, nothing counted, `report` as written. */
export function notStartedOutputs(report = ''): ActionOutputs {
  return { status: 'failed', result: '', 'goals-met': 'false', report, trace: '', 'plan-file': '', ...usageOutputs() };
}

/**
 * The outputs of a main step killed before it set its own (a cancel, `timeout-minutes`, out of memory): the runner
 * reads the outputs file of a step it killed too, and one that held nothing left `goals-met` empty, which a later
 * step's `if: steps.plan.outputs.goals-met != 'false'` read as a pass (found by a hunting pass). Set as the step
 * starts, replaced by the run's own at its end; `cancelled`, as the post step reports such a run.
 */
export const UNFINISHED_OUTPUTS: Pick<ActionOutputs, 'status' | 'goals-met'> = { status: 'cancelled', 'goals-met': 'false' };

/**
 * A cost in dollars as plain decimals: six (a cent is too coarse for runs of cheap models), or, under a millionth,
 * two significant digits, not a `0` that reads as nothing spent (a few tokens of a cheap model cost that little);
 * no exponent notation, for parsers.
 */
function plainDollars(costUsd: number): string {
  if (costUsd === 0 || Number(costUsd.toFixed(6)) !== 0) return String(Number(costUsd.toFixed(6)));
  let decimals = 7;
  while (Number(costUsd.toFixed(decimals)) === 0 && decimals < 99) decimals += 1;
  return trimEndChars(costUsd.toFixed(decimals + 1), '0');
}

/** The cost, token and time outputs: a run's usage and duration; all 0 when nothing ran. */
export function usageOutputs(usage: Usage = NO_USAGE, durationMs = 0): UsageOutputs {
  return {
    // Empty when a call's model had no price: a 0 would read as known.
    'cost-usd': usage.unpricedCalls ? '' : plainDollars(usage.costUsd),
    'model-calls': String(usage.modelCalls),
    'prompt-tokens': String(usage.promptTokens),
    'cached-prompt-tokens': String(usage.cachedPromptTokens ?? 0),
    'completion-tokens': String(usage.completionTokens),
    // One decimal, as the README says (`2` read as a whole number, `0` for 25 ms as if nothing ran).
    'duration-seconds': durationMs === 0 ? '0' : (Math.round(durationMs / 100) / 10).toFixed(1),
  };
}

/** The usage outputs of a recorded run (its duration so far when it did not finish). */
function recordUsageOutputs(record: RunRecord | undefined): UsageOutputs {
  return record ? usageOutputs(runUsage(record), jobDurationMs(record)) : usageOutputs();
}

/**
 * Later steps read `result` from the environment or an expression: keep it well inside the runner's limits. Bytes
 * of UTF-8, not characters: 64 Ki characters of Cyrillic or CJK passed the 128 KiB Linux takes for one variable.
 */
export const MAX_RESULT_OUTPUT_BYTES = 64 * 1024;

/** The outputs for a finished job; `result` is redacted whole, then cut. */
export function actionOutputs(report: FinalReport, paths: Pick<ReportPaths, 'report' | 'trace'> & { readonly planFile?: string }, redact: Redactor): ActionOutputs {
  const result = report.finalResult === undefined ? '' : redact(resultText(report.finalResult).text);
  // Only a run that ran to the end can meet its goals: a rejected plan, a failed run, or mode: plan
  // (nothing ran, no goal was checked) never count as meeting them, even with none declared.
  const ran = report.record !== undefined && (report.status === 'succeeded' || report.status === 'goals-unmet');
  const goalsMet = ran && goalsVerdict(report.goals).goalsMet;
  return {
    status: report.status,
    result: cutTextBytes(result, MAX_RESULT_OUTPUT_BYTES),
    'goals-met': goalsMet ? 'true' : 'false',
    report: paths.report,
    trace: paths.trace,
    'plan-file': paths.planFile ?? '',
    // A plan the model wrote and nothing ran: its calls still cost (rejected, or mode: plan).
    ...(report.record ? recordUsageOutputs(report.record) : usageOutputs(report.usage)),
  };
}
