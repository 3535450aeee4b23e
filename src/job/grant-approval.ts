import type { Redactor } from '../core/redact.ts';
import type { ApprovalRequest } from '../core/run-event.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { approvalHash, inputsHash, pausedPlanFileHashes, planFileHash, usedPlanPaths } from '../run/approval-request.ts';
import type { ResumeState } from '../run/resume-state.ts';
import type { GrantedApproval } from '../run/run-deps.ts';

/** A person's approval of a paused run: the hash they approved and who they are. */
export interface ApprovalGrant {
  readonly hash: string;
  readonly by?: string;
  /**
   * The run resumed is this run's own earlier attempt, which went on with this approval (the action's re-run of an
   * approving job, whose answer plan-runner's comment shows as this workflow run's): it goes on with it again.
   */
  readonly continues?: true;
}

export type GrantResult =
  | { readonly ok: true; readonly approval: GrantedApproval; readonly request: ApprovalRequest }
  | { readonly ok: false; readonly problem: string };

/**
 * Checks an approval against the paused run it answers and the plan file as it is now: the run
 * must have asked (and not been answered yet, unless this is a re-run of the run that went on with it), the hash must be the one it asked with, the run's
 * inputs and goal must be those of the pause, and the plan file must still give that hash. Only then may
 * the steps it covers start.
 */
export function grantApproval(plan: Pick<ValidPlan, 'source' | 'fileSource' | 'subplans' | 'goal' | 'file' | 'name'>, resume: ResumeState | undefined, grant: ApprovalGrant, inputs: Readonly<Record<string, unknown>>, redact?: Redactor): GrantResult {
  const request = resume?.approval;
  if (grant.continues && request && resume?.decided === undefined && request.hash !== grant.hash) {
    // It went on with the approval, then paused for steps it does not cover (a replan's), and the comment did not show that pause.
    return { ok: false, problem: `${resume.from} went on with the approval ${grant.hash}, then asked for another (approval ${request.hash}) for steps it does not cover, which no one has answered; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause` };
  }
  if (grant.continues && (!request || resume?.decided !== 'approved')) {
    return { ok: false, problem: `${resume?.from ?? 'the earlier attempt'} does not record the approval it went on with (it was saved by an earlier plan-runner, or stopped before its run started), so this re-run cannot tell what the approval covers; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause` };
  }
  if (!resume || !request) return { ok: false, problem: `${resume?.from ?? 'the earlier run'} did not pause for approval, so there is nothing to approve` };
  if (resume.decided && !(grant.continues && resume.decided === 'approved')) return { ok: false, problem: `the approval ${request.hash} was already ${resume.decided}; nothing more runs for it` };
  if (grant.hash !== request.hash) return { ok: false, problem: `the approval names ${grant.hash}, but the paused run asked for ${request.hash}; approve what it asked` };
  // The pending steps' arguments follow from the run's inputs: other inputs would run other calls than the person saw.
  if (request.inputsHash !== undefined && request.inputsHash !== inputsHash(inputs, redact)) {
    return {
      ok: false,
      problem: `the run's inputs differ from those of the run that asked for approval ${request.hash}; nothing ran. Approve with the same inputs, or run the plan again with these to ask for approval of them`,
    };
  }
  // The goal is no part of the plan file when a task gave it: steps approved for one task ran with another as the goal they work towards.
  const goal = plan.goal === undefined ? undefined : redact ? redact(plan.goal) : plan.goal;
  if (goal !== request.plan.goal) {
    return {
      ok: false,
      problem: `the run's goal (its task) differs from the one the run that asked for approval ${request.hash} worked on; nothing ran. Approve with the same task, or run the plan again with this one to ask for approval of it`,
    };
  }
  const asked = (fileHash: string) => approvalHash({ planFileHash: fileHash, plan: request.plan, pending: request.pending, ...(request.inputsHash !== undefined && { inputsHash: request.inputsHash }) });
  if (!pausedPlanFileHashes(plan).some((fileHash) => asked(fileHash) === request.hash)) {
    const now = asked(planFileHash(plan));
    // The hash covers the plan files its `type: plan` steps use, at every depth: a change in any of them refuses it.
    const used = usedPlanPaths(plan);
    const files = used.length === 0 ? `the plan file ${plan.file ?? plan.name}` : `the plan file ${plan.file ?? plan.name} or a plan file it uses (${used.join(', ')})`;
    return {
      ok: false,
      problem: `${files} changed since the approval was asked (approval ${request.hash} no longer matches it, now ${now}); nothing ran. Run the plan again to ask for approval of the plan as it is now`,
    };
  }
  return { ok: true, request, approval: { hash: request.hash, ...(grant.by !== undefined && { by: grant.by }), request, approved: new Set(request.pending.map((step) => step.approvalKey)), shownArgs: shownArgs(request) } };
}

/** The arguments each pending step was shown with: an approved step runs only with exactly these. */
function shownArgs(request: ApprovalRequest): ReadonlyMap<string, Readonly<Record<string, unknown>>> {
  return new Map(request.pending.flatMap((step) => (step.args === undefined ? [] : [[step.approvalKey, step.args] as const])));
}
