import type { ApprovalRequest, PendingApprovalStep, PlanSnapshot } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';
import { stableHash } from '../core/stable-hash.ts';
import { resolveReferences, type ReferenceSources } from '../plan/resolve-references.ts';
import { approvalStepKey } from './approval-gate.ts';
import type { RunnablePlan } from './runnable-plan.ts';

/**
 * The hash of the plan as its files say it: the plan file, and every plan file its `type: plan` steps
 * use (nested ones too, by their `uses:` path). An approval covers what those files say at the pause;
 * a used plan changed since runs something the person never saw.
 */
export function planFileHash(plan: Pick<RunnablePlan, 'source' | 'subplans'>): string {
  const used = plan.subplans && plan.subplans.size > 0 ? [...plan.subplans].sort(([a], [b]) => a.localeCompare(b)).map(([uses, inner]) => [uses, planFileHash(inner)]) : undefined;
  // A plan that uses none hashes as it always did: a run paused before this change is still approvable.
  return used ? stableHash({ source: plan.source ?? null, used }) : stableHash(plan.source ?? null);
}

/** The hash of exactly what is asked: the plan file, the plan at the pause, and every pending step with its arguments. */
export function approvalHash(parts: Omit<ApprovalRequest, 'hash'>): string {
  return stableHash({ planFileHash: parts.planFileHash, plan: parts.plan, pending: parts.pending });
}

/** A step waiting for approval as the request shows it: arguments resolved where the results they name exist. */
export function pendingApprovalStep(step: PlanStep, sources: ReferenceSources): PendingApprovalStep {
  let args: Record<string, unknown> | undefined;
  if (step.args && !step.forEach) {
    try {
      args = resolveReferences(step.args, sources);
    } catch {
      // A reference to a step that has not run yet: the arguments are known only when it has.
      args = undefined;
    }
  }
  return {
    stepKey: step.key,
    type: step.type,
    title: (step.title ?? step.description).replace(/\s+/g, ' ').trim().slice(0, 200),
    ...(step.tool !== undefined && { tool: step.tool }),
    ...(args !== undefined && { args }),
    ...(step.tools !== undefined && { tools: step.tools }),
    approvalKey: approvalStepKey(step),
  };
}

/** The request a paused run records: its pending steps and the hash that an approval must name. */
export function approvalRequest(plan: PlanSnapshot, fileHash: string, pending: readonly PendingApprovalStep[]): ApprovalRequest {
  const parts = { planFileHash: fileHash, plan, pending };
  return { hash: approvalHash(parts), ...parts };
}
