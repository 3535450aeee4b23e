import { costThresholdProblem } from '../eval/cost-threshold-problem.ts';
import { evaluate } from '../eval/evaluate.ts';
import { FAULT_FILE, FaultFile, type FaultRule } from '../eval/fault-rule.ts';
import { figureBeside } from '../eval/figure-beside.ts';
import { readEvaluatedPlans } from '../eval/evaluated-plans.ts';
import { inputsProblem } from '../eval/inputs-problem.ts';
import { evalSettingsProblem, type EvalModelSource } from '../eval/run-eval.ts';
import { ANSWERS_FILE, ScriptedAnswers } from '../eval/scripted-answers.ts';
import { emptyInputsWarning } from '../plan/empty-inputs-warning.ts';
import { formatPlanError } from '../plan/plan-error.ts';
import { readYamlFile } from '../plan/read-yaml-file.ts';
import type { ToolWithholding } from '../plan/valid-plan.ts';
import { addUsage, NO_USAGE } from '../core/usage.ts';
import type { EvalRunResult } from '../eval/eval-run-result.ts';
import { MAX_RESULT_OUTPUT_BYTES, usageOutputs, type ActionOutputs } from './action-outputs.ts';
import { groupDigits } from '../core/group-digits.ts';
import { plainDecimal } from '../core/plain-decimal.ts';
import { redactDeep, type Redactor } from '../core/redact.ts';
import type { VariantSummary } from '../eval/summarise-variant.ts';
import type { ActionSettings } from './action-settings.ts';
import type { ActionDeps, ActionResult } from './run-action.ts';
import { writeReportFile } from '../report/write-report-file.ts';
import { refuseRun } from './refuse-run.ts';
import { jobReportPaths } from './report-paths.ts';
import { toolsetGitHubContext } from '../github/toolset-github-context.ts';

/**
 * `goals-met` of an evaluation: true only when every run of the evaluated plan (its own column, not
 * a baseline's) ended with every required goal met. Passing is `status`; a plan that met its goals in
 * some runs passes with no `min-success-rate` set (in none, with `min-success-rate: 0`), and must not read as goals met.
 */
function everyGoalMet(runs: readonly EvalRunResult[]): boolean {
  const planColumn = runs.filter((run) => run.variant === 'plan').at(-1)?.column;
  const own = runs.filter((run) => run.column === planColumn);
  return own.length > 0 && own.every((run) => run.status === 'succeeded');
}

function ended(status: 'succeeded' | 'failed', report: string, failure?: string, result = '', runs: readonly EvalRunResult[] = []): ActionResult {
  // The usage outputs count every run of the evaluation, baselines included.
  const usage = runs.reduce((sum, run) => addUsage(sum, run), NO_USAGE);
  const durationMs = runs.reduce((sum, run) => sum + run.durationMs, 0);
  const goalsMet = status === 'succeeded' && everyGoalMet(runs);
  const outputs: ActionOutputs = { status, result, 'goals-met': goalsMet ? 'true' : 'false', report, trace: '', 'plan-file': '', ...usageOutputs(usage, durationMs) };
  return { outputs, ...(failure !== undefined && { failure }), published: Promise.resolve() };
}

/**
 * The `result` output: each column's figures as JSON, which a later step reads with `fromJSON`. Longer than a run's
 * result may be (many goals, long goal names: 600 KB for one; found by an adversarial pass), it is the same JSON
 * without the rates by goal, and a count of them; cut, it would be no JSON at all. Longer still, it is empty.
 */
function resultOutput(columns: readonly VariantSummary[], redact: Redactor): { readonly text: string; readonly goalsLeftOut?: number } {
  const whole = redactedJson(columns, redact);
  if (Buffer.byteLength(whole) <= MAX_RESULT_OUTPUT_BYTES) return { text: whole };
  const goalsLeftOut = columns.reduce((most, column) => Math.max(most, column.goalsMetRate.length), 0);
  const lean = redactedJson(columns.map((column) => ({ ...column, goalsMetRate: [], goalsLeftOut: column.goalsMetRate.length })), redact);
  return { text: Buffer.byteLength(lean) <= MAX_RESULT_OUTPUT_BYTES ? lean : '', goalsLeftOut };
}

async function readOptional<T>(file: string | undefined, read: (file: string) => Promise<{ ok: true; value: T } | { ok: false; errors: readonly Parameters<typeof formatPlanError>[0][] }>): Promise<{ value?: T; problems: string[] }> {
  if (!file) return { problems: [] };
  const result = await read(file);
  return result.ok ? { value: result.value, problems: [] } : { problems: result.errors.map(formatPlanError) };
}

/**
 * `mode: eval`: runs the plan `eval-runs` times (with `eval-faults`, against `eval-baselines`),
 * writes the table to the job summary and the figures to a JSON file beside its report, and fails the job when
 * `min-success-rate` or `max-cost-usd-per-run` is not met. No comment and no check run: an
 * evaluation is a measurement of the plan, not a run of it.
 */
export async function runEvalAction(settings: ActionSettings, deps: ActionDeps, withhold: ToolWithholding | undefined): Promise<ActionResult> {
  const { io, redact } = deps;
  // Named after the plan and the run-key, as a run's reports are: all of a job's evaluations wrote eval.md, and an
  // earlier step's report output named the table of the last (found by a hunting pass).
  const { evalReport: reportFile, evalFigures: jsonFile } = jobReportPaths(settings);
  // Refused before any run: the job summary and the report say why, as a refused run's do (they were left empty).
  const refuse = async (reason: string): Promise<ActionResult> => ({ ...(await refuseRun(settings, reason, deps)), failure: `plan-runner: ${reason}` });
  if (!settings.planFile) return refuse('mode: eval evaluates a plan file; give `plan:` (a task alone cannot be evaluated)');
  const faults = await readOptional<FaultRule[]>(settings.eval.faultsFile, (file) => readYamlFile(file, FaultFile, FAULT_FILE));
  const answers = await readOptional<ScriptedAnswers>(settings.eval.answersFile, (file) => readYamlFile(file, ScriptedAnswers, ANSWERS_FILE));
  const problems = [...faults.problems, ...answers.problems];
  if (problems.length > 0) return refuse(`fix the evaluation's files:\n${problems.join('\n')}`);
  let model: EvalModelSource;
  if (answers.value) model = { kind: 'answers', answers: answers.value };
  else if (settings.model.apiKey) model = { kind: 'live', baseURL: settings.model.baseURL, apiKey: settings.model.apiKey };
  else model = { kind: 'none' };

  const evalSettings = {
    plans: [{ file: settings.planFile, label: settings.planPath }],
    runs: settings.eval.runs,
    seed: settings.eval.seed,
    faults: faults.value ?? [],
    baselines: settings.eval.baselines,
    inputs: settings.inputs,
    ...(settings.emptyInputs && { emptyInputs: settings.emptyInputs }),
    cwd: settings.workspace,
    env: settings.env,
    model,
    ...(settings.model.model !== undefined && { modelName: settings.model.model }),
    ...(settings.model.timeoutSeconds !== undefined && { modelTimeoutSeconds: settings.model.timeoutSeconds }),
    maxTurns: 20,
    ...(withhold && { withhold }),
    // As a run of the plan has it: a github-toolset plan's runs call GitHub with the github-token.
    github: toolsetGitHubContext(settings.github, deps.github),
  };
  const thresholds = { minSuccessRate: settings.eval.minSuccessRate, maxCostUsdPerRun: settings.eval.maxCostUsdPerRun };
  const plans = await readEvaluatedPlans(evalSettings.plans);
  const problem = evalSettingsProblem(evalSettings) ?? inputsProblem(plans, evalSettings.inputs, settings.emptyInputs) ?? costThresholdProblem(plans, evalSettings.modelName, thresholds, 'max-cost-usd-per-run');
  if (problem) return refuse(problem);
  const emptied = plans[0] && emptyInputsWarning(settings.emptyInputs ?? [], plans[0].source.inputs);
  if (emptied) io.warning(redact(emptied));
  const report = await evaluate(evalSettings, thresholds, {
    clock: deps.clock,
    signal: deps.signal ?? new AbortController().signal,
    onRun: (run) => io.info(`${run.column} run ${run.run}: ${run.status}, ${run.modelCalls} model call(s), ${run.faults.length} fault(s)`),
    redact,
  }, plans);
  const markdown = redact(report.markdown);
  const json = `${redactedJson({ columns: report.columns, thresholds: report.thresholds, passed: report.passed, runs: report.runs }, redact, 2)}\n`;
  let reportWritten = true;
  for (const [file, text] of [[reportFile, markdown], [jsonFile, json]] as const) {
    const unwritten = await writeReportFile(file, text);
    if (unwritten) io.warning(unwritten.message);
    if (unwritten && file === reportFile) reportWritten = false;
  }
  if (!(await io.writeSummary(markdown))) io.info(markdown);
  const missed = report.thresholds.filter((check) => !check.ok).map((check) => `${check.name} ${check.unevaluable === undefined ? figureBeside(check.actual, check.limit) : `not checked: ${check.unevaluable}`} (limit ${plainDecimal(check.limit)})`);
  // Whatever else made the evaluation fail (a fault rule that matched no call, no plan column) is in its report.
  const failure = deps.signal?.aborted
    ? 'plan-runner: the evaluation was cancelled; the figures cover the runs that finished'
    : missed.length > 0
      ? `plan-runner: the plan missed its evaluation thresholds: ${missed.join('; ')}`
      : !report.passed
        ? 'plan-runner: the evaluation did not pass; its report (the job summary) says why'
        : undefined;
  // `result`: each column's figures as JSON, for a later step's expression (`fromJSON(steps.x.outputs.result)`).
  // The `report` output names the file only when it was written.
  const result = resultOutput(report.columns, redact);
  if (result.goalsLeftOut !== undefined) {
    const what = result.text === '' ? 'is empty: its JSON passes' : `leaves out each column's rates by goal (${result.goalsLeftOut} goals) to stay within`;
    io.warning(`The result output ${what} ${groupDigits(MAX_RESULT_OUTPUT_BYTES)} bytes; the job summary and ${jsonFile} have every figure.`);
  }
  return ended(failure ? 'failed' : 'succeeded', reportWritten ? reportFile : '', failure, result.text, report.runs);
}

/**
 * JSON of `value` with its strings redacted and its numbers hidden only when one is a secret whole (`redactNumber`):
 * redacted as text, a figure that held a secret's digits (1123456 beside a 6-digit password) became `1***`, and the
 * JSON no JSON (found by an adversarial pass).
 */
function redactedJson(value: unknown, redact: Redactor, indent?: number): string {
  return JSON.stringify(redactDeep(value, redact), null, indent);
}
