import type { Redactor } from '../core/redact.ts';
import type { ApprovalRequest } from '../core/run-event.ts';
import type { PlanStep } from '../core/plan-step.ts';
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

/** The plan as its files say it, which an approval's hash covers (`planFileHash`). */
export type ApprovedFiles = Pick<ValidPlan, 'source' | 'fileSource' | 'subplans' | 'file' | 'name'>;

/**
 * What an approval is checked against, as far as it is known: the run's inputs and goal, and its plan files. A part
 * left out is not checked, so only a refusal is final (`approvalBeforeServers`, before the plan's MCP servers start).
 */
export interface ApprovalSubject {
  readonly run?: { readonly inputs: Readonly<Record<string, unknown>>; readonly goal?: string };
  readonly files?: ApprovedFiles;
}

/**
 * Checks an approval against the paused run it answers and the plan file as it is now: the run
 * must have asked (and not been answered yet, unless this is a re-run of the run that went on with it), the hash must be the one it asked with, the run's
 * inputs and goal must be those of the pause, and the plan file must still give that hash. Only then may
 * the steps it covers start.
 */
export function grantApproval(plan: ApprovedFiles & Pick<ValidPlan, 'goal'>, resume: ResumeState | undefined, grant: ApprovalGrant, inputs: Readonly<Record<string, unknown>>, redact?: Redactor): GrantResult {
  const problem = approvalRefusal({ run: { inputs, ...(plan.goal !== undefined && { goal: plan.goal }) }, files: plan }, resume, grant, redact);
  if (problem !== undefined) return { ok: false, problem };
  // A request the refusal found, or it refused.
  const request = resume!.approval!;
  return { ok: true, request, approval: { hash: request.hash, ...(grant.by !== undefined && { by: grant.by }), request, approved: new Set(request.pending.map((step) => step.approvalKey)), shownArgs: shownArgs(request) } };
}

/** Why the approval does not hold for what `subject` gives (see `grantApproval`), or undefined. */
export function approvalRefusal(subject: ApprovalSubject, resume: ResumeState | undefined, grant: ApprovalGrant, redact?: Redactor): string | undefined {
  const request = resume?.approval;
  if (grant.continues && request && resume?.decided === undefined && request.hash !== grant.hash) {
    // It went on with the approval, then paused for steps it does not cover (a replan's), and the comment did not show that pause.
    return `${resume.from} went on with the approval ${grant.hash}, then asked for another (approval ${request.hash}) for steps it does not cover, which no one has answered; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause`;
  }
  if (grant.continues && (!request || resume?.decided !== 'approved')) {
    return `${resume?.from ?? 'the earlier attempt'} does not record the approval it went on with (it was saved by an earlier plan-runner, or stopped before its run started), so this re-run cannot tell what the approval covers; nothing ran. Run the plan again (a new workflow run of the pull request) and answer its pause`;
  }
  if (!resume || !request) return `${resume?.from ?? 'the earlier run'} did not pause for approval, so there is nothing to approve`;
  if (resume.decided && !(grant.continues && resume.decided === 'approved')) return `the approval ${request.hash} was already ${resume.decided}; nothing more runs for it`;
  if (grant.hash !== request.hash) return `the approval names ${grant.hash}, but the paused run asked for ${request.hash}; approve what it asked`;
  const { run, files: plan } = subject;
  // The pending steps' arguments follow from the run's inputs: other inputs would run other calls than the person saw.
  if (run && request.inputsHash !== undefined && request.inputsHash !== inputsHash(run.inputs, redact)) {
    return `the run's inputs differ from those of the run that asked for approval ${request.hash}; nothing ran. Approve with the same inputs, or run the plan again with these to ask for approval of them`;
  }
  // The goal is no part of the plan file when a task gave it: steps approved for one task ran with another as the goal they work towards.
  const goal = run?.goal === undefined ? undefined : redact ? redact(run.goal) : run.goal;
  if (run && goal !== request.plan.goal) {
    return `the run's goal (its task) differs from the one the run that asked for approval ${request.hash} worked on; nothing ran. Approve with the same task, or run the plan again with this one to ask for approval of it`;
  }
  // An agent step's task (`mode: agent`'s, which `--task` or the `task` input gives) that differs: said so, where the
  // refusal below sent the person to a plan file that had not changed (found by a hunt of agent mode).
  const changedTask = plan && agentTaskChanged(plan, request.plan.steps, redact);
  if (changedTask !== undefined) {
    return `the task of agent step ${changedTask} differs from the one the run that asked for approval ${request.hash} was given; nothing ran. Approve with the same task, or run the plan again with this one to ask for approval of it`;
  }
  const asked = (fileHash: string) => approvalHash({ planFileHash: fileHash, plan: request.plan, pending: request.pending, ...(request.inputsHash !== undefined && { inputsHash: request.inputsHash }) });
  if (plan && !pausedPlanFileHashes(plan).some((fileHash) => asked(fileHash) === request.hash)) {
    const now = asked(planFileHash(plan));
    // The hash covers the plan files its `type: plan` steps use, at every depth: a change in any of them refuses it.
    const used = usedPlanPaths(plan);
    const files = used.length === 0 ? `the plan file ${plan.file ?? plan.name}` : `the plan file ${plan.file ?? plan.name} or a plan file it uses (${used.join(', ')})`;
    return `${files} changed since the approval was asked (approval ${request.hash} no longer matches it, now ${now}); nothing ran. Run the plan again to ask for approval of the plan as it is now`;
  }
  return undefined;
}

/** The key of an agent step whose task in `plan` now differs from the paused run's (`steps`), as the trace keeps it (redacted). */
function agentTaskChanged(plan: ApprovedFiles, steps: readonly PlanStep[], redact?: Redactor): string | undefined {
  const then = new Map(steps.filter((step) => step.type === 'agent' && step.task !== undefined).map((step) => [step.key, step.task!]));
  for (const step of plan.source.workflow_sequence ?? []) {
    const task = step.type === 'agent' ? step.task : undefined;
    const asked = then.get(String(step.id));
    if (task !== undefined && asked !== undefined && (redact ? redact(task) : task) !== asked) return String(step.id);
  }
  return undefined;
}

/** The arguments each pending step was shown with: an approved step runs only with exactly these. */
function shownArgs(request: ApprovalRequest): ReadonlyMap<string, Readonly<Record<string, unknown>>> {
  return new Map(request.pending.flatMap((step) => (step.args === undefined ? [] : [[step.approvalKey, step.args] as const])));
}
