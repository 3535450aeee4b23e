import { dependencyOrder } from '../core/dependency-order.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { StepState } from '../core/run-event.ts';
import type { RunRecord } from '../core/run-record.ts';

/**
 * Whether `step` reads its job's checkout: a tool that does (a command, the files toolset, an MCP server: any tool not in
 * `freeTools`, those that read no checkout: math, github, http, nor among `ownTools`, the tools its plan defines); an agent that may call one (its `tools`; none by
 * default); a used plan (its steps may). In a job whose checkout is not the commit its run is for (an approving job on
 * `issue_comment`, or a `pull_request_target` job, works on the base branch while its run's check is a pull request's),
 * such a step's result is marked `elsewhere` as it completes (`RunDeps.readsElsewhere`).
 */
export function readsCheckout(step: PlanStep, freeTools: ReadonlySet<string>, ownTools: Readonly<Record<string, unknown>> = {}): boolean {
  // A tool the plan defines itself is a command, whatever its name: a plan's own `add` (math not enabled) that ran
  // `cat code.txt` counted as free by name (found by a review).
  const free = (tool: string): boolean => freeTools.has(tool) && !Object.hasOwn(ownTools, tool);
  return step.type === 'plan' || (step.type === 'agent' && (step.tools ?? []).some((tool) => !free(tool))) || (step.tool !== undefined && !free(step.tool));
}

/**
 * The completed steps whose result was read from a checkout that is not the commit their run is for, by key: why. Those
 * marked `elsewhere`, in this job or in the run their result was reused from, and every completed step after one. No goal
 * is checked on them: `equals: good` on `cat code.txt` passed the pull request's check on the default branch's file
 * (found by an adversarial pass); and once such a step was reused (a "Re-run failed jobs" of a `pull_request_target`
 * gate, a re-run of an approving job, an `/approve` of a paused `pull_request_target` run), it passed as a step taken from
 * the paused run did, on the base branch's file (found by a hunt of the merge gate): a reuse now keeps the mark.
 */
export function checkoutResults(record: RunRecord, stepStates: ReadonlyMap<string, StepState>): Map<string, string> {
  if (![...record.steps.values()].some((step) => step.elsewhere === true)) return new Map();
  return withDependents(record.plan?.steps ?? [], stepStates, (step) => {
    const done = record.steps.get(step.key);
    if (done?.elsewhere !== true) return undefined;
    const where = done.reused === undefined ? 'ran in this job' : 'was reused from a run that ran it';
    return `step ${step.key} ${where} with a tool that reads its checkout (a command, a file or an MCP server), and that checkout is not the pull request's commit the run and its check are for`;
  });
}

/**
 * The completed steps whose result `own` gives a cause for (its why, or undefined), and every completed step
 * that depends on one, directly or through others, by key: why. A step after one names that step's cause, not
 * the chain to it (a chain of 10,000 steps).
 */
export function withDependents(steps: readonly PlanStep[], stepStates: ReadonlyMap<string, StepState>, own: (step: PlanStep) => string | undefined): Map<string, string> {
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const found = new Map<string, string>();
  for (const key of dependencyOrder(steps).order) {
    if (stepStates.get(key) !== 'completed') continue;
    const step = byKey.get(key)!;
    const why = own(step) ?? step.dependsOn.map((dependency) => found.get(dependency)).find((cause) => cause !== undefined);
    if (why !== undefined) found.set(key, why);
  }
  return found;
}
