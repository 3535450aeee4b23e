import type { Redactor } from '../core/redact.ts';
import { secretsAsRead } from '../core/secrets-as-read.ts';
import type { PlanError } from '../plan/plan-error.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { Plan } from '../plan/schema.ts';
import { planName } from '../plan/validate-plan.ts';
import { planSecretValues } from '../process/plan-secret-values.ts';
import { parseResumeTrace } from '../run/read-resume-trace.ts';
import { fanOutOwnState } from '../run/resume-state.ts';
import { agentGoal } from '../steps/agent/agent-plan.ts';
import { approvalRefusal, type ApprovalSubject } from './grant-approval.ts';
import { withCallerModel } from './load-job-plan.ts';
import type { JobSettings } from './run-job.ts';

/**
 * The loader's `beforeServers` for a job that approves a paused run: it refuses an approval that does not hold before
 * any of the plan file's MCP servers starts (they start to list the tools the plan is validated with, and ran what a
 * changed file said: found by an adversarial pass). It reads the file as the loader parsed it, so the servers start
 * from the text it checked. Undefined for a job that approves nothing, or one whose approval the load decides (a
 * fanned-out run's, which `fan-out-refusal` refuses first). Only a refusal is final here: an approval that holds is
 * granted once the plan is loaded, from the plan that runs.
 */
export function approvalBeforeServers(settings: JobSettings, redact: Redactor): ((value: unknown) => PlanError[] | undefined) | undefined {
  const { approve, planFile: file, resume } = settings;
  if (!approve || !file || resume === undefined || Array.isArray(resume) || settings.fanOut) return undefined;
  const refuse = (message: string): PlanError[] => [{ file, path: '', message: `cannot approve: ${message}`, setup: true }];
  return (value) => {
    const parsed = Plan.safeParse(value);
    // The run it answers paused on a plan that loaded: one that is no plan now is not what was approved.
    if (!parsed.success) return refuse(`the plan file ${file} does not load as a plan now, so it is not the plan the approval was asked for; nothing ran. Fix it (plan-runner validate ${file} lists its problems) and run the plan again to ask for approval`);
    const steps = parsed.data.workflow_sequence ?? [];
    const agent = settings.mode === 'agent';
    // A task beside the file's own steps is refused by the load (`jobPlan`), in its own words.
    if (settings.task && !agent && steps.length > 0) return undefined;
    // As the job runs the file (`jobPlan`): the task as the goal of a plan without steps, and the caller's model, which the hash the run paused with covers.
    const source = withCallerModel(settings.task && !agent ? { ...parsed.data, goal: settings.task } : parsed.data, settings.model.model);
    const name = planName(source, file);
    const read = parseResumeTrace(resume as Exclude<typeof resume, readonly unknown[]>, name);
    if (!read.ok) return undefined;
    const state = fanOutOwnState(undefined, read.state, new Map(), new Set());
    const refusal = approvalRefusal(subject(source, name, settings, redact), state, approve, redact);
    return refusal === undefined ? undefined : refuse(refusal);
  };
}

/**
 * What of the approval the file alone decides. The inputs and goal, unless the plan uses other plans: their
 * secrets, which the redactor learns from the load, are hidden in the hashes the run paused with. The plan files,
 * unless it uses other plans (their hash covers them as loaded) or runs in `mode: agent` (its one step names every
 * tool, the servers' too).
 */
function subject(source: Plan, name: string, settings: JobSettings, redact: Redactor): ApprovalSubject {
  if ((source.workflow_sequence ?? []).some((step) => step.type === 'plan')) return {};
  // What the load would have the redactor learn before the inputs are hashed: the same hash, or a good approval was refused.
  redact.learn?.(planSecretValues(source, settings.env));
  const inputs = resolveInputs(source, settings.inputs, settings.emptyInputs);
  // Inputs that do not resolve are refused by the load, as the caller's mistake.
  if (!inputs.ok) return {};
  redact.learn?.(secretsAsRead(settings.inputs, inputs.inputs, redact));
  const agent = settings.mode === 'agent';
  const goal = agent ? agentGoal(source.goal, settings.task) : source.goal;
  return { run: { inputs: inputs.inputs, ...(goal !== undefined && { goal }) }, ...(!agent && { files: { source, name, ...(settings.planFile !== undefined && { file: settings.planFile }) } }) };
}
