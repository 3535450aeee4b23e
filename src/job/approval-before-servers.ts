import type { Redactor } from '../core/redact.ts';
import { secretsAsRead } from '../core/secrets-as-read.ts';
import { parsePlanYaml } from '../plan/parse-plan-yaml.ts';
import { planFileText } from '../plan/plan-file-text.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { Plan } from '../plan/schema.ts';
import { planName } from '../plan/validate-plan.ts';
import { planSecretValues } from '../process/plan-secret-values.ts';
import { parseResumeTrace } from '../run/read-resume-trace.ts';
import { fanOutOwnState } from '../run/resume-state.ts';
import { grantApproval } from './grant-approval.ts';
import { withCallerModel } from './load-job-plan.ts';
import type { JobSettings } from './run-job.ts';

/**
 * Why the approval `settings.approve` gives is refused, decided before the plan file's MCP servers start (they start
 * to list the tools the plan is validated with, and a refused approval started them: found by an adversarial pass).
 * The file as parsed is what the approval's hash covers, so the same `grantApproval` decides here as after the load;
 * undefined when it holds, or cannot be decided yet: no servers to keep from starting, a plan that uses other plans
 * (they load with the servers' tools), a task or `mode: agent` (the goal and steps are the job's), or a file or
 * trace that does not read (the load says why). Only a refusal is decided here: an approval that holds is checked
 * again once the plan is loaded.
 */
export async function approvalRefusedBeforeServers(settings: JobSettings, redact: Redactor): Promise<string | undefined> {
  const { approve, planFile: file, resume } = settings;
  if (!approve || !file || resume === undefined || Array.isArray(resume) || settings.fanOut || settings.task !== undefined || (settings.mode ?? 'run') !== 'run') return undefined;
  const text = planFileText(file);
  if (text === undefined || !text.includes('mcp_servers')) return undefined;
  const yaml = await parsePlanYaml(text, file);
  if (!yaml.ok) return undefined;
  const parsed = Plan.safeParse(yaml.parsed.value);
  if (!parsed.success) return undefined;
  // As the job runs the file (`jobPlan`): with the caller's model, which the hash the run paused with covers.
  const source = withCallerModel(parsed.data, settings.model.model);
  if (Object.keys(source.mcp_servers ?? {}).length === 0 || (source.workflow_sequence ?? []).some((step) => step.type === 'plan')) return undefined;
  // What the load would have the redactor learn before the inputs are hashed: the same hash, or a good approval was refused.
  redact.learn?.(planSecretValues(source, settings.env));
  const inputs = resolveInputs(source, settings.inputs, settings.emptyInputs);
  if (!inputs.ok) return undefined;
  redact.learn?.(secretsAsRead(settings.inputs, inputs.inputs, redact));
  const name = planName(source, file);
  const read = parseResumeTrace(resume as Exclude<typeof resume, readonly unknown[]>, name);
  if (!read.ok) return undefined;
  const state = fanOutOwnState(undefined, read.state, new Map(), new Set());
  const granted = grantApproval({ source, name, file, ...(source.goal !== undefined && { goal: source.goal }) }, state, approve, inputs.inputs, redact);
  return granted.ok ? undefined : granted.problem;
}
