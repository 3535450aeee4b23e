import { EITHER_OPTION_NAMES } from '../core/option-names.ts';
import { agentPlan } from '../steps/agent/agent-plan.ts';
import { loadPlanText } from '../plan/load-plan.ts';
import type { PlanError } from '../plan/plan-error.ts';
import { positionInPlanFile } from '../plan/position-in-plan-file.ts';
import type { Plan } from '../plan/schema.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import type { Tool } from '../tools/tool.ts';
import { hasVisibleText } from '../core/invisible-characters.ts';
import { loadPlanWithServers, type PlanServersOptions, type PlanWithServers } from './load-plan-with-servers.ts';
import type { JobSettings } from './run-job.ts';

const TASK_FILE = '(task)';

/** What the job hands the load besides its settings (see PlanServersOptions). */
export interface JobLoadOptions {
  readonly learnSecrets?: (values: readonly string[]) => void;
  readonly argsCheckLimitMs?: number | undefined;
  readonly beforeServers?: PlanServersOptions['beforeServers'];
}

/** Load phase: the plan file (its MCP servers started first, since validation needs their tool lists), or a task in words. */
export async function loadJobPlan(settings: JobSettings, extraTools: readonly Tool[], signal: AbortSignal, options: JobLoadOptions = {}): Promise<PlanWithServers> {
  const { learnSecrets, argsCheckLimitMs, beforeServers } = options;
  // The caller's model is checked with the plan (a max_cost_usd it has no price for is a plan error).
  const loadOptions = { ...(settings.withhold !== undefined && { withhold: settings.withhold }), ...(settings.model.model && { model: settings.model.model }), ...(settings.model.timeoutSeconds !== undefined && { modelTimeoutSeconds: settings.model.timeoutSeconds }), ...(argsCheckLimitMs !== undefined && { argsCheckLimitMs }) };
  if (settings.planFile) {
    return loadPlanWithServers(settings.planFile, { signal, cwd: settings.cwd, env: settings.env, extraTools, ...loadOptions, learnSecrets, ...(settings.mode === 'agent' && { stepsRun: false }), ...(beforeServers && { beforeServers }) });
  }
  if (settings.task) return await loadPlanText(JSON.stringify({ goal: settings.task }), TASK_FILE, { extraTools, ...loadOptions });
  return { ok: false as const, errors: [{ path: '', message: 'nothing to run: give a plan file or a task', setup: true as const }] };
}

/**
 * The loaded plan as this job runs it: one agent step on the task (`mode: agent`), the task as the
 * goal of a plan without steps, and the caller's model.
 */
export async function jobPlan(plan: ValidPlan, settings: JobSettings): Promise<{ ok: true; plan: ValidPlan } | { ok: false; errors: PlanError[] }> {
  const { optionNames: names = EITHER_OPTION_NAMES } = settings;
  // The model reads the task rendered: one that is only an HTML comment or invisible characters (an event's
  // text that shows as nothing) had a model plan, or an agent work on, an empty instruction.
  // Loaded with a task only: the Markdown reader stays off the start of a run of a plan file (start-path.test.ts).
  const rendered = settings.task === undefined ? undefined : (await import('../security/sanitize-untrusted.ts')).sanitizeUntrusted(settings.task, { read: 'rendered' });
  if (rendered !== undefined && !hasVisibleText(rendered)) {
    const message = `${names.task} is blank as the model reads it (only spaces, invisible characters or text a page hides, such as an HTML comment): write the task in words, or leave it out`;
    return { ok: false, errors: [{ ...(plan.file !== undefined && { file: plan.file }), path: '', message, setup: true }] };
  }
  let adjusted = plan;
  // mode agent: the whole run is one agent step working on the task with every tool the run offers.
  if (settings.mode === 'agent') {
    const { planFile } = settings;
    const built = await agentPlan(plan, settings.task, { names, ...(planFile !== undefined && { locate: (path, at) => positionInPlanFile(planFile, path, at) }) });
    if (!built.ok) return { ok: false, errors: built.errors };
    adjusted = built.plan;
  }
  // The task is the goal of a plan file without steps (its tools and goal checks still apply). In its source too:
  // the plan the model writes is validated from the source, and took the file's goal back for every later prompt.
  if (settings.task && adjusted.steps.length === 0) adjusted = { ...adjusted, goal: settings.task, source: { ...adjusted.source, goal: settings.task } };
  // Beside a plan's own steps it had nothing to do, and was dropped without a word. The advice names only
  // what runs: mode agent refuses a plan with steps too (agentPlan).
  else if (settings.task && settings.mode !== 'agent') {
    const message = `${names.task} was given, but this plan has its own steps, which would run without it: give ${names.task} only with a plan that has no workflow_sequence (a model then writes the steps, or ${names.agent} runs the task as one agent step), or leave it out`;
    return { ok: false, errors: [{ ...(plan.file !== undefined && { file: plan.file }), path: '', message, setup: true }] };
  }
  if (settings.model.model) adjusted = { ...adjusted, source: withCallerModel(adjusted.source, settings.model.model) };
  return { ok: true, plan: adjusted };
}

/** The caller's model (action input, --model) replaces the plan's model.name; agents' own models still win. */
export function withCallerModel(source: Plan, model: string | undefined): Plan {
  return model ? { ...source, model: { ...source.model, name: model } } : source;
}
