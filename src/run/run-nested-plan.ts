import { stepKeyWithin, type PlanStep } from '../core/plan-step.ts';
import type { RunEvent } from '../core/run-event.ts';
import type { RunRecord, ToolCallRecord } from '../core/run-record.ts';
import { NO_USAGE, type Usage } from '../core/usage.ts';
import { evaluateGoals } from '../goals/evaluate-goals.ts';
import { goalsVerdict } from '../goals/goals-verdict.ts';
import { CANCELLED_WHILE_JUDGING } from '../goals/final-status.ts';
import { goalTargetOf } from '../goals/goal-target.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import { NestedPlanError } from './nested-plan-error.ts';
import { hideCutFragments } from '../core/hide-cut-fragments.ts';
import type { RunBudget } from './run-budget.ts';
import type { RunDeps } from './run-deps.ts';
import { limitOf, runPlan, stepsUsageOf } from './run-plan.ts';
import type { RunnablePlan } from './runnable-plan.ts';
import type { AttemptsOutcome } from './step-attempts.ts';
import { usedPlanUnder } from './used-plan-under.ts';
import { learnGivenSecrets } from './used-plan-secrets.ts';
import { unknownCallWhy } from './unknown-call-why.ts';
import { showArgs } from './show-args.ts';

export interface NestedRunContext {
  readonly plan: RunnablePlan;
  readonly deps: RunDeps;
  /** The outer run's budget: the nested run's model use counts against it. */
  readonly budget: RunBudget;
  /** The outer run's stop signal: a stop, cancel or timeout ends the nested run too. */
  readonly signal: AbortSignal;
  readonly sources: ReferenceSources;
  /** Every event of the nested run, for the outer journal. */
  readonly emit: (event: RunEvent) => void;
}

/**
 * Runs a `type: plan` step: the plan it `uses`, with `with:` as its inputs, as a nested run whose
 * events go to the outer journal. Its goals decide whether the step succeeded; its final result is
 * the step's result. Never throws: every ending is an outcome.
 */
export async function runNestedPlan(step: PlanStep, context: NestedRunContext): Promise<AttemptsOutcome> {
  const { clock } = context.deps;
  const startedAt = clock.now();
  const uses = step.uses ?? '';
  const fail = (error: unknown, usage: Usage = NO_USAGE): AttemptsOutcome => ({ ok: false, error, usage, durationMs: clock.now() - startedAt, attempts: 1 });
  const inner = context.plan.subplans?.get(uses);
  if (!inner) return fail(new NestedPlanError({ stepKey: step.key, uses, problem: 'was not loaded with this plan (only plan files can use other plans)' }));
  let given: Record<string, unknown>;
  try {
    given = resolveReferences(step.with ?? {}, context.sources);
  } catch (error) {
    return fail(error);
  }
  const { deps } = context;
  const inputs = resolveInputs(inner.source ?? {}, given);
  // Before anything of its run is written, its refusal included: a `with:` that names a step's result is known only now.
  if (deps.redact) learnGivenSecrets(given, inputs.ok ? inputs.inputs : {}, deps.redact);
  if (!inputs.ok) return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `cannot start: ${inputs.errors.join('; ')}` }));
  const within = stepKeyWithin(deps.within, step.key);
  const outcome = await runPlan(usedPlanUnder(inner, context.plan), {
    ...deps,
    inputs: inputs.inputs,
    listeners: [context.emit],
    budget: context.budget,
    signal: context.signal,
    // A nested run does not replan on its own: its failure is the step's, and the outer run recovers.
    replanner: undefined,
    inner: true,
    within,
  });
  const usage = stepsUsageOf(outcome.record);
  // A used plan that did its work as the stop landed succeeded (its run says so); one the stop cut short ends for it.
  if (outcome.status !== 'succeeded' && context.signal.aborted) return fail(context.signal.reason, usage);
  if (outcome.status !== 'succeeded') {
    // Stopped by a limit of its own (its `timeout_minutes`) while a call with side effects ran: at the top the stop ends
    // the run; here the run using it would go on, continue or replan past a call that may have taken effect. A person checks.
    const unknown = outcome.status === 'escalated' ? undefined : unknownCallIn(outcome.record);
    const stoppedPast = unknown && `${unknownCallWhy(unknown.stepKey, `${unknown.tool}(${showArgs(unknown.args)})`)} (its run stopped: ${outcome.reason ?? outcome.status})`;
    const escalation = outcome.status === 'escalated' ? { escalation: outcome.reason ?? 'it escalated' } : stoppedPast ? { escalation: stoppedPast } : {};
    return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `did not succeed: ${outcome.reason ?? outcome.status}`, ...escalation, ...(outcome.endpointUnusable && { endpointUnusable: true }) }), usage);
  }
  const goals = inner.source?.goals ?? [];
  if (goals.length > 0) {
    // Given a result read from another checkout, every completed step of it stands on that result.
    const target = goalTargetOf(outcome, deps.foreignInputs === undefined ? {} : { foreignInputs: deps.foreignInputs });
    // Its judges call the model, beside the steps still running elsewhere in the job: in a slot of the job's concurrency.
    // None once stopped (as its steps completed, or while it waited for a slot): its goals are unchecked, said below.
    let judged: Awaited<ReturnType<NonNullable<typeof deps.checkGoals>>> = [];
    if (await slotTaken(deps.slots, context.signal)) {
      try {
        judged = await (deps.checkGoals ?? ((list, goalTarget, signal) => evaluateGoals(list, goalTarget, { model: deps.model, cwd: deps.cwd, env: {}, signal, within })))(goals, target, context.signal, within);
      } finally {
        deps.slots?.release();
      }
    }
    // Evidence is an excerpt cut before any redactor saw it: redacted, and cut token fragments hidden, as the
    // job's goals are, for the record and for the step's error alike (a review found the error built from the raw excerpt).
    const redact = deps.redact ?? ((text: string) => text);
    const results = judged.map((goal) => ({ ...goal, evidence: hideCutFragments(redact(goal.evidence)) }));
    // Stopped before or while they were checked (a cancel, a limit of the run using it): goals cut short are no verdict, and the
    // step ends for the stop, as the job does. It said its goals decided against it, the used plan's run `goals-unmet`.
    if (context.signal.aborted) {
      const limit = limitOf(context.signal.reason);
      outcome.recordGoals(results, limit?.status ?? 'cancelled', undefined, limit?.message ?? CANCELLED_WHILE_JUDGING);
      return fail(context.signal.reason, usage);
    }
    const verdict = goalsVerdict(results);
    // Recorded in the used plan's own record (the trace, the summary and the log show them under the step):
    // a warning it did not meet, or why its step passed, showed nowhere.
    outcome.recordGoals(results, verdict.goalsMet ? outcome.status : 'goals-unmet');
    if (!verdict.goalsMet) {
      const unmet = verdict.unmetRequired.map((goal) => `'${goal.name}' ${goal.outcome === 'error' ? 'could not be evaluated' : 'not met'} (${goal.evidence})`).join('; ');
      const unusable = verdict.unmetRequired.some((goal) => goal.endpointUnusable === true);
      return fail(new NestedPlanError({ stepKey: step.key, uses, problem: `ran, but its goals decide against it: ${unmet}`, goalsUnmet: true, ...(unusable && { endpointUnusable: true }) }), usage);
    }
  }
  const masked = outcome.resultStepKey === undefined ? undefined : outcome.masked.get(outcome.resultStepKey);
  // What its steps read from a checkout that is not the run's commit (here or in the run a step was reused from) is in its result.
  const elsewhere = [...outcome.record.steps.values()].some((done) => done.elsewhere === true);
  // Its result step's gaps are the step's: a tool step after it, or a model step, reads the same result.
  const lacks = outcome.resultStepKey === undefined ? undefined : outcome.incomplete.get(outcome.resultStepKey);
  const partial = lacks === undefined ? undefined : `its plan’s result, step ${outcome.resultStepKey} of ${uses}, lacks work (${lacks})`;
  // As its plan's run judged that step's result (a tool's answers made from a result that hides its gap): no goal passes on it.
  const made = partial !== undefined && outcome.resultStepKey !== undefined && outcome.record.steps.get(outcome.resultStepKey)?.made === true;
  return {
    ok: true,
    result: outcome.finalResult,
    usage,
    durationMs: clock.now() - startedAt,
    attempts: 1,
    ...(masked !== undefined && { masked: `${masked}, in plan step ${step.key}` }),
    ...(partial !== undefined && { partial }),
    ...(made && { made: true }),
    ...(elsewhere && { elsewhere: true }),
  };
}

/** A call with side effects that got no answer in `record`, or in a plan it used (stopped with it by the same limit). */
function unknownCallIn(record: RunRecord): ToolCallRecord | undefined {
  const own = record.toolCalls.find((call) => call.sideEffects && call.outcome === 'unknown');
  if (own) return own;
  for (const step of record.steps.values()) {
    const inner = step.nested && unknownCallIn(step.nested);
    if (inner) return inner;
  }
  return undefined;
}

/** Takes a slot of the job's concurrency for the used plan's judges; false when the run stopped first. */
async function slotTaken(slots: RunDeps['slots'], signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  try {
    await slots?.acquire(signal);
    return true;
  } catch {
    return false;
  }
}
