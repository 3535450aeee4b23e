import { DEFAULT_LIMITS } from '../plan/schema.ts';
import { escalationOf } from './escalation.ts';
import { planHash } from '../core/stable-hash.ts';
import { isCarriedLine } from '../core/carried-line.ts';
import { addUsage, NO_USAGE, type Usage } from '../core/usage.ts';
import { PlanRun } from './plan-run.ts';
import type { ApprovalRequest } from '../core/run-event.ts';
import { approvalRequest, pendingApprovalStep, planFileHash } from './approval-request.ts';
import { RunCancelledError } from './run-cancelled-error.ts';
import { RunEscalatedError } from './run-escalated-error.ts';
import { RunStoppedError } from './run-stopped-error.ts';
import { startRunDeadline } from './run-deadline.ts';
import type { RunDeps } from './run-deps.ts';
import { RunJournal } from './run-journal.ts';
import type { RunOutcome } from './run-outcome.ts';
import { RunTimeoutError } from './run-timeout-error.ts';
import { ToolStoppedRunError } from './tool-stopped-run-error.ts';
import { runVerdict, type MissingResult } from './run-verdict.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/**
 * Runs a validated plan's steps as a dependency graph and reports how it ended. It never throws:
 * every run, however it ends (failed step, escalation, budget, cancel, timeout, a throwing
 * listener), ends with `run_finished`.
 */
export async function runPlan(plan: RunnablePlan, deps: RunDeps): Promise<RunOutcome> {
  const journal = (!deps.inner && deps.journal) || new RunJournal(deps.listeners, deps.clock, deps.onListenerError, deps.startedAt);
  const runStartedAt = deps.clock.now();
  let run: PlanRun | undefined;
  let internal: unknown;
  // A used plan's run stops for its outer run's reason when that is a limit (a budget, a timeout): told by the
  // outer run's signal before its own budget listener, it said "cancelled" (found by an adversarial pass).
  const cancel = (): void => run?.stop(deps.inner ? (limitOf(deps.signal?.reason) ?? new RunCancelledError(deps.signal?.reason)) : new RunCancelledError(deps.signal?.reason));
  let disarm = (): void => {};
  try {
    run = new PlanRun(plan, deps, journal);
    // A resumed run's plan runs its steps again; the replaced failures of the run it resumes it cannot, and keeps.
    const carried = deps.resume && new Map([...deps.resume.leftUndone].filter(([key]) => !run!.graph.byKey.has(key)));
    // A used plan's run (a `type: plan` step) has the same resume state: the outer run's trace holds it once.
    const carrying = deps.inner ? [] : run.carriedEvents();
    journal.planCreated(run.graph.snapshot(run.header), planHash(plan.steps, plan.source), carried, deps.inner ? undefined : { ...(deps.fileSteps !== undefined && { fileSteps: deps.fileSteps }), ...(deps.plannedFor !== undefined && { plannedFor: deps.plannedFor }), ...(deps.resume?.earlier && { earlier: deps.resume.earlier }), carries: carrying.filter(isCarriedLine).length });
    // What the job spent before the run (the calls that wrote the plan), unless the journal has it already, then
    // what no step charges, as it is spent: the trace has the cost of a run killed before its end. A used plan's run
    // shares the outer budget.
    if (!deps.inner) {
      const before = run.budget.usage;
      if (spentAny(before) && journal.record.spentOutsideSteps === undefined) journal.modelUsed(before);
      run.budget.onSpentOutsideSteps((usage) => journal.modelUsed(usage));
    }
    // A used plan's run goes on with the approval of its step in the outer run, which the outer trace records.
    if (deps.approval && !deps.inner) journal.approvalDecided('approved', deps.approval.hash, deps.approval.by, deps.approval.request);
    run.recordCarried(carrying);
    if (deps.signal?.aborted) cancel();
    else deps.signal?.addEventListener('abort', cancel, { once: true });
    const minutes = plan.limits.timeout_minutes;
    disarm = startRunDeadline(deps.clock, minutes, () => run?.stop(new RunTimeoutError(minutes)));
    await run.drive();
  } catch (error) {
    // A bug in the executor itself: still stop what runs and record the end.
    internal = error;
    run?.stop(new RunCancelledError('internal error'));
    try {
      run?.abandon(internalReason(error));
    } catch {
      // The record itself may be what broke: the run still ends with run_finished.
    }
  } finally {
    disarm();
    deps.signal?.removeEventListener('abort', cancel);
  }
  return finish(journal, run, internal, plan, deps, runStartedAt);
}

/**
 * The model use a run's steps reported, each as it ended: a used plan's run's own, which is its step's in the
 * outer run. (Its budget is the outer run's, whose total holds the whole job's calls so far.)
 */
export function stepsUsageOf(record: { readonly steps: ReadonlyMap<string, { readonly usage: Usage }> }): Usage {
  let usage = NO_USAGE;
  for (const step of record.steps.values()) usage = addUsage(usage, step.usage);
  return usage;
}

function finish(journal: RunJournal, run: PlanRun | undefined, internal: unknown, plan: RunnablePlan, deps: RunDeps, runStartedAt: number): RunOutcome {
  const lastKey = run?.graph.lastKey();
  const resultStepKey = lastKey !== undefined && run?.results.has(lastKey) ? lastKey : undefined;
  // A used plan's run whose every step ended on its own as a stop landed (the last answer kept) did its work: the
  // stop is its outer run's verdict, not its own (found by an adversarial pass: its step was ❌ beside every step ✅).
  const stopCounts = !deps.inner || run?.stopCutShort === true || (run?.failures.length ?? 0) > 0;
  const verdict = internal
    ? { status: 'failed' as const, reason: internalReason(internal) }
    : runVerdict(stopCounts ? run?.stopReason : undefined, run?.failures ?? [], lastKey === undefined || resultStepKey !== undefined || run?.partial ? undefined : missingResult(journal, run, lastKey), run?.waiting, run?.uncheckedGate());
  const usage = run?.usage ?? NO_USAGE;
  const stop = run?.stopReason;
  if (verdict.status === 'awaiting-approval' && run) journal.approvalRequested(requestOf(run, journal, plan, deps));
  // A used plan's run shares the outer run's budget and clock start: its end gives its own use and time, not
  // the whole job's so far (found by an adversarial pass: the trace said a run of one call made the job's three).
  // A stop nothing may go on past is said so in the trace: a fan-out's merge job building on this state stops for it too.
  const stopsRun = !internal && stopCounts && stop instanceof ToolStoppedRunError;
  // Its escalation is in the trace too: a post step that finishes a killed run tells it as this step would have.
  const escalation = stop instanceof RunEscalatedError ? escalationOf(stop, plan.source?.escalate) : undefined;
  if (deps.inner) journal.runFinished(verdict.status, stepsUsageOf(journal.record), verdict.reason, resultStepKey, deps.clock.now() - runStartedAt, stopsRun, escalation);
  else journal.runFinished(verdict.status, usage, verdict.reason, resultStepKey, undefined, stopsRun, escalation);
  return {
    ...verdict,
    results: run?.results ?? new Map(),
    record: journal.record,
    usage,
    replans: run?.replans ?? 0,
    reused: run?.reused.size ?? 0,
    masked: run?.masked ?? new Map(),
    incomplete: run?.incomplete ?? new Map(),
    ...(run?.endpointUnusable && { endpointUnusable: true as const }),
    recordGoals: (goals, status, usage, reason) => journal.goalsChecked(goals, status, usage, reason),
    ...(escalation && { escalation }),
    ...(resultStepKey === undefined ? {} : { resultStepKey, finalResult: run?.results.get(resultStepKey) }),
  };
}

/** What a paused run asks: every step not yet run that needs approval, with its arguments where known. */
function requestOf(run: PlanRun, journal: RunJournal, plan: RunnablePlan, deps: RunDeps): ApprovalRequest {
  const sources = { results: run.results, inputs: deps.inputs, missing: run.missing };
  const pending = run.graph.steps.flatMap((step) => {
    const state = journal.stateOf(step.key);
    const reason = state === 'waiting' || state === 'pending' ? run.gate.needs(step) : undefined;
    return reason === undefined ? [] : [pendingApprovalStep(step, sources, { ...(deps.redact && { redact: deps.redact }), maxItems: plan.limits.max_items ?? DEFAULT_LIMITS.max_items, reason })];
  });
  const request = approvalRequest(run.graph.snapshot(run.header), planFileHash(plan), pending, deps.inputs, deps.redact);
  return deps.askedAt ? { ...request, at: deps.askedAt } : request;
}

/** What became of the final step, when it did not complete: a run without a result did not succeed. */
function missingResult(journal: RunJournal, run: PlanRun | undefined, stepKey: string): MissingResult {
  const record = journal.record.steps.get(stepKey);
  const skippedFor = run?.skippedFor.get(stepKey);
  return {
    stepKey,
    state: record?.state,
    ...(record?.error !== undefined && { error: record.error }),
    ...(record?.skipReason !== undefined && { skipReason: record.skipReason }),
    ...(skippedFor !== undefined && { skippedFor }),
  };
}

function internalReason(error: unknown): string {
  return `internal error in the executor: ${String((error as Error)?.message ?? error)}`;
}

/** Usage that says a call was made or a request abandoned. */
function spentAny(usage: Usage): boolean {
  return usage.modelCalls > 0 || usage.promptTokens > 0 || usage.completionTokens > 0 || (usage.abandonedRequests ?? 0) > 0 || (usage.unansweredCalls ?? 0) > 0;
}

/** An outer run's reason to stop that is one of its limits (a budget, a timeout, a full heap), not a cancel or an escalation elsewhere. */
export function limitOf(reason: unknown): RunStoppedError | undefined {
  return reason instanceof RunStoppedError && !(reason instanceof RunCancelledError) && !(reason instanceof RunEscalatedError) ? reason : undefined;
}
