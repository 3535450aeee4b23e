import { cutText } from '../report/cut-text.ts';
import type { EvalRunResult, EvalVariant } from './eval-run-result.ts';
import { itemStepPurpose } from './fault-rule.ts';
import { checkThresholds, findRegressions, goalChanges, type EvalThresholds, type GoalChanges, type Regression, type ThresholdCheck } from './eval-verdict.ts';
import { readEvaluatedPlans, type EvaluatedPlan } from './evaluated-plans.ts';
import { renderEvalTable } from './render-eval-table.ts';
import { columnName, runEval, type EvalDeps, type EvalSettings } from './run-eval.ts';
import { CHARS_PER_TOKEN } from './scripted-chat-server.ts';
import { unusedAnswersEntries } from './scripted-answers.ts';
import { summariseVariant, type VariantSummary } from './summarise-variant.ts';
import { pushAll } from '../core/push-all.ts';

/** An evaluation's whole result: the Markdown table, the figures for machines, and whether it passed. */
export interface EvalReport {
  readonly columns: readonly VariantSummary[];
  readonly runs: readonly EvalRunResult[];
  readonly thresholds: readonly ThresholdCheck[];
  /** With two plans: what got worse from the first (base) to the second. */
  readonly regressions?: readonly Regression[];
  /** With two plans: the goals only one of them has, which are not compared. */
  readonly goalChanges?: GoalChanges;
  readonly passed: boolean;
  readonly markdown: string;
}

/** Whether the eval itself injected a fault into one of the run's model calls. */
function hadModelFault(run: EvalRunResult): boolean {
  return run.faults.some((fault) => fault.target.startsWith('model:'));
}

/**
 * The run's requests abandoned after they left: a request a `slow` fault held until it was abandoned never did. Any
 * model fault in the run passed over all of them, and a real request abandoned beside an injected `http 500` went
 * unbilled in the cost gate (found by an adversarial pass). Without the count (runs made elsewhere), as that did.
 */
function abandonedAfterLeaving(run: EvalRunResult): number {
  if (run.heldAbandonedRequests !== undefined) return Math.max(0, run.abandonedRequests - run.heldAbandonedRequests);
  return hadModelFault(run) ? 0 : run.abandonedRequests;
}

/**
 * Whether the run's model requests went to the endpoint: a run whose every request an injected error answered in its
 * place asked the endpoint nothing. Any model fault in the run counted as that, and an endpoint that refused every
 * request the eval sent passed (found by an adversarial pass). Without the count (runs made elsewhere), as that did.
 */
function askedEndpoint(run: EvalRunResult): boolean {
  return run.modelRequestsSent !== undefined ? run.modelRequestsSent > 0 : !hadModelFault(run);
}

/**
 * The report of runs already made: columns in the order they ran, thresholds checked on the (last) plan's own column.
 * `declaredGoals`: each plan column's goal names as its file declares them; without it, the goals its runs reported.
 */
export function evalReport(settings: EvalSettings, made: readonly EvalRunResult[], thresholds: EvalThresholds, cancelled: boolean, declaredGoals?: ReadonlyMap<string, readonly string[]>): EvalReport {
  // The run a cancel interrupted is no measurement of the plan: it stays in `runs`, out of every figure (found by an adversarial pass).
  const runs = cancelled ? made.filter((run) => run.status !== 'cancelled') : made;
  const names = [...new Set(runs.map((run) => run.column))];
  const columns = names.map((name) => summariseVariant(name, runs.filter((run) => run.column === name)));
  const planColumns = names.filter((name) => runs.some((run) => run.column === name && run.variant === 'plan'));
  const planColumn = columns.find((column) => column.column === planColumns.at(-1));
  const baseColumn = settings.plans.length > 1 ? columns.find((column) => column.column === planColumns[0]) : undefined;
  // Runs that ended without a model call and without succeeding (no model configured, an endpoint that
  // could not be reached, a refused tool) cost $0 because they never got to the plan's calls. Unless a
  // run succeeded with no model call: then the plan needs none, and $0 is what it costs.
  const planRuns = runs.filter((run) => run.column === planColumn?.column);
  const needsNoModel = planRuns.some((run) => run.status === 'succeeded' && run.modelCalls === 0);
  const endedWithoutCall = needsNoModel ? 0 : planRuns.filter((run) => run.status !== 'succeeded' && run.modelCalls === 0).length;
  const succeededRuns = planRuns.filter((run) => run.status === 'succeeded');
  const succeeded = succeededRuns.length;
  const succeededCostUsd = succeeded === 0 ? undefined : succeededRuns.reduce((sum, run) => sum + run.costUsd, 0) / succeeded;
  // Billed only when a live endpoint got them: an answers file bills nothing, and a request held by the eval's own
  // `slow` fault never left (found by a review).
  const abandoned = settings.model.kind !== 'live' ? 0 : planRuns.reduce((sum, run) => sum + abandonedAfterLeaving(run), 0);
  const checks = planColumn ? checkThresholds(planColumn, thresholds, { endedWithoutCall, succeeded, abandoned, ...(succeededCostUsd !== undefined && { succeededCostUsd }) }) : [];
  // A goal the new plan dropped read as a regression to 0% (and one it added was not mentioned): each is named instead.
  // By the files' goals where known: a plan whose runs paused reported no goal, and that is no goal dropped.
  const goalsOf = (column: VariantSummary) => declaredGoals?.get(column.column) ?? column.goalsMetRate.map((goal) => goal.name);
  const changes = baseColumn && planColumn ? goalChanges(goalsOf(baseColumn), goalsOf(planColumn)) : undefined;
  const regressions = baseColumn && planColumn ? findRegressions(baseColumn, planColumn, changes?.dropped) : undefined;
  // A rule that targeted no call in any run (a misspelt tool, a step id or goal the plan does not have)
  // tested nothing: the fault tolerance the eval reports was never tried against it.
  const targeting = new Set(runs.flatMap((run) => run.faultRulesTargeting));
  const describe = (rule: (typeof settings.faults)[number], index: number): string => `rule ${index + 1} (${rule.tool !== undefined ? `tool: ${rule.tool}` : `model: ${rule.model}`}, ${rule.fault})`;
  // Cancelled, a column cut short (or never started) may be the one a rule was for: only complete columns count.
  const asked = settings.plans.flatMap((plan) => (['plan', ...settings.baselines] as const).map((variant) => ({ name: columnName(settings, plan, variant), variant })));
  const complete = (variant?: EvalVariant) =>
    !cancelled || asked.filter((column) => variant === undefined || column.variant === variant).every((column) => runs.filter((run) => run.column === column.name).length === settings.runs);
  const idle = runs.length === 0 || !complete() ? [] : settings.faults.flatMap((rule, index) => (targeting.has(index) ? [] : [describe(rule, index)]));
  // A rule naming a used plan's step by its bare id (`step:line`), where the runs called it `step:web/line`.
  const purposes = new Set(runs.flatMap((run) => (run.modelPurposes ?? []).map((purpose) => itemStepPurpose(purpose) ?? purpose)));
  // Only for a rule the report fails as matching nothing; `step:web/line` may be `step:outer/web/line` two deep.
  const qualified = idle.length === 0 ? [] : settings.faults.flatMap((rule, index) => {
    const colon = rule.model?.indexOf(':') ?? -1;
    if (targeting.has(index) || rule.model === undefined || colon < 0 || rule.model.endsWith('*')) return [];
    const kind = rule.model.slice(0, colon + 1);
    const named = [...purposes].filter((purpose) => purpose.startsWith(kind) && purpose.endsWith(`/${rule.model!.slice(colon + 1)}`)).sort();
    return named.length > 0 ? [`rule ${index + 1} may mean \`model: ${named.slice(0, 3).join('` or `model: ')}\``] : [];
  });
  // A rule that targeted calls but injected no fault into any run of the plan (an `attempt` no call reached,
  // a rate that drew nothing, a tool only the baseline calls) tested the plan no more (found by an adversarial pass).
  // A rule for the ReAct baseline's model calls (`model: react`) is tried on the baseline's runs.
  // Compared, each plan (and each plan's baseline) is tried on its own: a rule only the base plan's runs met
  // compared a faulted base with a plan the fault never reached, and counted as tried. Where a column's runs
  // called nothing the rule names (the new plan renamed its tool), the rule matched nothing there.
  const reactColumns = names.filter((name) => runs.some((run) => run.column === name && run.variant === 'react'));
  const inColumn = (name: string, rules: (run: EvalRunResult) => readonly number[]) => new Set(runs.filter((run) => run.column === name).flatMap(rules));
  const triedColumns = (rule: (typeof settings.faults)[number]) => (rule.model === 'react' ? reactColumns : planColumns);
  const comparing = settings.plans.length > 1;
  const unmatched: string[] = [];
  const silent: string[] = [];
  if (runs.some((run) => run.variant === 'plan')) {
    settings.faults.forEach((rule, index) => {
      if (!targeting.has(index) || !complete(rule.model === 'react' ? 'react' : 'plan')) return;
      const columns = triedColumns(rule);
      const noCall = columns.filter((name) => !inColumn(name, (run) => run.faultRulesTargeting).has(index));
      const noFault = columns.filter((name) => !noCall.includes(name) && !inColumn(name, (run) => run.faults.map((fault) => fault.rule)).has(index));
      if (comparing && noCall.length > 0) unmatched.push(`${describe(rule, index)} in ${noCall.join(' or ')}`);
      const where = comparing ? noFault.join(' or ') : rule.model === 'react' ? 'the ReAct baseline' : 'the plan';
      if (noFault.length > 0 || (!comparing && noCall.length > 0)) silent.push(`${describe(rule, index)} injected no fault into any run of ${where}`);
    });
  }
  // An answers entry no call asked for changes no figure, so it fails nothing, but it is named: a misspelt or stale caller
  // was silently ignored while a fault rule that matched no call failed the eval (found by an adversarial pass).
  const unusedAnswers = settings.model.kind !== 'answers' || runs.length === 0 || !complete() ? [] : unusedAnswersEntries(settings.model.answers, runs.flatMap((run) => run.modelPurposes ?? []));
  const notChecked = [...new Set(runs.flatMap((run) => run.goalsNotChecked ?? []))];
  const notes = [
    `${cancelled ? `${runs.length} of ${settings.runs * asked.length} run(s) finished (${settings.runs} per column asked)` : `${settings.runs} run(s) per column`}, seed ${settings.seed}, ${settings.faults.length} fault rule(s).`,
    ...(settings.model.kind === 'answers' ? [`Model answers from an answers file; token counts are the characters of each request (messages, tools, response format) and answer / ${CHARS_PER_TOKEN}.`] : []),
    ...(cancelled ? ['Cancelled: the figures cover only the runs that finished.'] : []),
    ...(unusedAnswers.length > 0
      ? [`The answers file's answers for ${cutText(unusedAnswers.join(', '), 300)} answered no call in any run, so no figure used them: a caller never called (the replanner where no step failed), or a step id or goal name the plan does not have; check the name${unusedAnswers.length === 1 ? '' : 's'}, or leave them out.`]
      : []),
    ...(notChecked.length > 0 ? [`The ReAct baseline runs no steps, so goals on the plan's steps are not checked on it (— in its column): ${cutText(notChecked.join(', '), 300)}.`] : []),
    ...(idle.length > 0 ? [`Failed: fault ${idle.join(', ')} matched no call in any run, so what it would test was never tried; fix its tool or model (a tool, a step id or a goal name the plan has).`] : []),
    ...(qualified.length > 0 ? [`The steps and goals of a plan that a \`type: plan\` step uses are named by that step (\`step:<using step>/<id>\`, \`goal:<using step>/<name>\`): ${qualified.join('; ')}.`] : []),
    ...(unmatched.length > 0 ? [`Failed: fault ${unmatched.join('; ')} matched no call, so the plans were not compared under it; fix its tool or model for both plans, or leave it out of the comparison.`] : []),
    ...(silent.length > 0
      ? [`Failed: fault ${silent.join('; ')}, so what it would test was never tried; give an \`attempt\` its calls reach, or raise its \`rate\` or the number of runs.`]
      : []),
  ];
  // A column none of whose runs ran (each refused before its first step: no model for a plan the model
  // writes, an input missing; or paused for an approval no one gives an evaluation, as `approval: plan` does)
  // evaluated nothing: neither its rates nor a comparison with it say anything (the pause found by an adversarial pass).
  // A baseline's too: a ReAct column whose every request the endpoint refused read as a 0% baseline the plan beat,
  // and the eval passed (found by an adversarial pass); it leaves the comparison of the plans standing.
  const measuredNothing = (column: VariantSummary | undefined): string[] => {
    const ran = runs.filter((run) => run.column === column?.column);
    const what = ran[0]?.variant === 'plan' || ran[0] === undefined ? 'the plan' : `the ${ran[0].variant} baseline`;
    const paused = (run: EvalRunResult) => run.status === 'awaiting-approval' && run.stepsStarted === 0;
    const refused = ran.length > 0 && ran.every((run) => run.status === 'rejected' || paused(run));
    const why = ran.some(paused) ? 'each was refused or waited for an approval, which an evaluation never gives' : 'each was refused';
    const start = ran[0]?.variant === 'react' ? 'started' : 'got to its first step';
    if (column && refused) return [`Failed: no run of ${column.column} ${start}: ${why} (${cutText(ran[0]?.reason ?? 'no reason given', 300)}).`];
    // Every run asked the model and none got an answer (an endpoint that could not be reached, a revoked key), and not
    // only because the eval's own faults answered in the endpoint's place: the figures measure the endpoint, and "no
    // regression" compared two outages.
    const unanswered =
      ran.length > 0 &&
      ran.every((run) => run.status !== 'succeeded' && run.modelCalls === 0 && (run.unansweredModelRequests ?? 0) > 0 && askedEndpoint(run));
    return column && unanswered ? [`Failed: no run of ${column.column} got an answer from the model (${cutText(ran[0]?.reason ?? 'no reason given', 300)}), so its figures say nothing of ${what}.`] : [];
  };
  const unevaluated = [baseColumn, planColumn].flatMap(measuredNothing);
  const baselinesUnmeasured = columns.filter((column) => !planColumns.includes(column.column)).flatMap(measuredNothing);
  pushAll(notes, [...unevaluated, ...baselinesUnmeasured]);
  // A run that threw (a trace it could not open, plan-runner's own error) measured nothing of the plan: counted as
  // a failed run of it, it let a gate pass on the runs that did run, and in a base plan's column it hid a regression
  // (found by an adversarial pass: runs past the open-file limit failed with EMFILE, and the eval exited 0).
  const crashed = runs.filter((run) => run.crashed === true);
  if (crashed.length > 0) {
    notes.push(`Failed: ${crashed.length} of ${runs.length} run(s) failed to start or finish, so they measured nothing of the plan (${cutText(crashed[0]!.reason ?? 'no reason given', 300)}).`);
  }
  // With no `min-success-rate`, a plan none of whose runs succeeded passed as a measurement (exit 0, `status: succeeded`):
  // a gate that saw the plan never work opened. Only `min-success-rate: 0` says any rate will do.
  const neverSucceeded = !cancelled && thresholds.minSuccessRate === undefined && planRuns.length > 0 && succeeded === 0 && unevaluated.length === 0;
  if (neverSucceeded) {
    notes.push(`Failed: none of the ${planRuns.length} run(s) of ${planColumn!.column} succeeded (${cutText(planRuns[0]!.reason ?? planRuns[0]!.status, 300)}), and no \`min-success-rate\` says that is enough; fix the plan, or give \`min-success-rate: 0\` (\`--min-success-rate 0\`) to only measure it.`);
  }
  const title = settings.plans.length > 1 ? `plan-runner eval: ${settings.plans.map((plan) => plan.label ?? plan.file).join(' vs ')}` : `plan-runner eval: ${settings.plans[0]?.file ?? ''}`;
  const passed = !cancelled && !neverSucceeded && crashed.length === 0 && idle.length === 0 && unmatched.length === 0 && silent.length === 0 && unevaluated.length === 0 && baselinesUnmeasured.length === 0 && checks.every((check) => check.ok) && (regressions?.length ?? 0) === 0 && planColumn !== undefined;
  // A comparison with a column that evaluated nothing is none: no "No regression" line beside the failure.
  const compared = unevaluated.length === 0 ? regressions : undefined;
  return {
    columns,
    runs: made,
    thresholds: checks,
    ...(compared && { regressions: compared }),
    ...(compared && changes && { goalChanges: changes }),
    passed,
    markdown: renderEvalTable({ title, columns, notes, thresholds: checks, ...(compared && { regressions: compared }), ...(compared && changes && { goalChanges: changes }) }),
  };
}

/**
 * Runs the evaluation and reports it. `plans`: the plans as the checks before the runs read them (`readEvaluatedPlans`),
 * whose goals a comparison names as dropped or added; read here when not given.
 */
export async function evaluate(settings: EvalSettings, thresholds: EvalThresholds, deps: EvalDeps, plans?: readonly EvaluatedPlan[]): Promise<EvalReport> {
  // The compared plans' goals as their files declare them, read before the runs.
  const declared = settings.plans.length > 1 ? (plans ?? (await readEvaluatedPlans(settings.plans))) : [];
  const declaredGoals = new Map(declared.map((plan) => [columnName(settings, plan, 'plan'), (plan.source.goals ?? []).map((goal) => goal.name)]));
  const runs = await runEval(settings, deps);
  return evalReport(settings, runs, thresholds, deps.signal.aborted, declaredGoals);
}
