import type { ApprovalRequest, PlanSnapshot, RunEvent, ToolCallOutcome } from '../core/run-event.ts';
import { TRACE_FORMAT } from '../core/run-event.ts';
import type { Usage } from '../core/usage.ts';

/** A completed step of an earlier run that a resume may reuse. */
export interface ReusableStep {
  readonly stepKey: string;
  readonly result: unknown;
  readonly usage: Usage;
}

/** A call with side effects an earlier run made: never made again blindly. */
export interface PastSideEffect {
  readonly stepKey: string;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly outcome: ToolCallOutcome;
}

/** What a run resumes from: reusable steps by reuse key, and past side-effect calls by call key. */
export interface ResumeState {
  readonly reuse: ReadonlyMap<string, ReusableStep>;
  readonly sideEffects: ReadonlyMap<string, PastSideEffect>;
  /** The run the state came from, in words ("attempt 1", a file name), for the checklist and summary. */
  readonly from: string;
  /** The plan as that run last had it (after its replans): a plan the model wrote is resumed as written, not written again. */
  readonly plan: PlanSnapshot;
  /** Set when that run paused for approval (its last request): what an approval of it covers. */
  readonly approval?: ApprovalRequest;
  /** Set when that run's approval request was answered already (approved, or rejected). */
  readonly decided?: 'approved' | 'rejected';
}

export type ResumeStateResult = { readonly ok: true; readonly state: ResumeState } | { readonly ok: false; readonly problem: string };

/**
 * Reads an earlier run's events into what a resume needs. A trace of another plan or format is
 * refused. A side-effect call that started and never returned is `unknown`: it may have taken effect.
 */
export function resumeStateFromEvents(events: readonly RunEvent[], planName: string, from: string): ResumeStateResult {
  const created = events.find((event) => event.type === 'plan_created');
  if (!created) return { ok: false, problem: `${from} has no plan_created event: it is not a plan-runner trace, or the run never started` };
  if (created.format !== TRACE_FORMAT) {
    return { ok: false, problem: `${from} is in trace format ${created.format ?? 1}, and this plan-runner resumes from format ${TRACE_FORMAT} only; run the plan afresh` };
  }
  if (created.plan.name !== planName) {
    return { ok: false, problem: `${from} is a trace of the plan '${created.plan.name}', not of '${planName}'; resume from a trace of this plan` };
  }
  let plan = created.plan;
  let approval: ApprovalRequest | undefined;
  let decided: 'approved' | 'rejected' | undefined;
  const keys = new Map<string, string>();
  const reuse = new Map<string, ReusableStep>();
  const calls = new Map<string, PastSideEffect & { returned: boolean }>();
  for (const event of events) {
    if (event.type === 'plan_revised') plan = event.plan;
    else if (event.type === 'approval_requested') {
      approval = event.request;
      decided = undefined;
    } else if (event.type === 'approval_decided' && event.hash === approval?.hash) decided = event.decision;
    else if (event.type === 'step_started' && event.reuseKey !== undefined) keys.set(event.stepKey, event.reuseKey);
    else if (event.type === 'step_completed') {
      const key = keys.get(event.stepKey);
      if (key !== undefined) reuse.set(key, { stepKey: event.stepKey, result: event.result, usage: event.reused?.usage ?? event.usage });
    } else if (event.type === 'tool_called' && event.sideEffects) {
      calls.set(event.callKey, { stepKey: event.stepKey, tool: event.tool, args: event.args, outcome: 'unknown', returned: false });
    } else if (event.type === 'tool_returned') {
      const call = calls.get(event.callKey);
      if (call) calls.set(event.callKey, { ...call, outcome: event.outcome, returned: true });
    }
  }
  // Failed for certain: calling again is safe. Succeeded or unknown: never again blindly.
  const sideEffects = new Map([...calls].filter(([, call]) => call.outcome !== 'failed').map(([key, { returned: _returned, ...call }]) => [key, call]));
  return { ok: true, state: { reuse, sideEffects, from, plan, ...(approval && { approval }), ...(decided && { decided }) } };
}
