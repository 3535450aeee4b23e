import { evaluateGoals } from '../goals/evaluate-goals.ts';
import { finalStatus } from '../goals/final-status.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import { createModelClient, type ModelSettings } from '../llm/create-model-client.ts';
import type { ModelClient } from '../llm/model-client.ts';
import { loadPlanText } from '../plan/load-plan.ts';
import type { PlanError } from '../plan/plan-error.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import type { ToolWithholding, ValidPlan } from '../plan/valid-plan.ts';
import { createModelReplanner } from '../planner/model-replanner.ts';
import type { RejectedPlan } from '../planner/plan-attempt.ts';
import { writePlan } from '../planner/write-plan.ts';
import { createRedactor, secretValuesFromEnvironment, type Redactor } from '../core/redact.ts';
import { hideCutFragments } from '../core/hide-cut-fragments.ts';
import { runStep } from '../steps/run-step.ts';
import type { StepRunner } from '../steps/step-context.ts';
import type { ToolsetGitHubContext } from '../github/toolset-github-context.ts';
import { loadPlanWithServers, type PlanWithServers } from '../tools/load-plan-with-servers.ts';
import type { McpConnection } from '../tools/mcp/connect-mcp-servers.ts';
import { openTools, type OpenTools } from '../tools/open-tools.ts';
import { redactingTools } from '../tools/redacting-tools.ts';
import { agentPlan } from '../agent/agent-plan.ts';
import { redactingModelClient } from '../llm/redacting-model-client.ts';
import { scrubEnvironment, type RunnerEnvironment } from '../process/scrub-environment.ts';
import type { Tool } from '../tools/tool.ts';
import { budgetedModelClient } from './budgeted-model-client.ts';
import type { Clock } from '../core/clock.ts';
import type { RunListener, RunStatus } from '../core/run-event.ts';
import type { Usage } from '../core/usage.ts';
import { MODEL_HINT, missingModelError, setupError } from './model-requirement.ts';
import { RunBudget } from './run-budget.ts';
import type { StepWeights } from './start-order.ts';
import { runPlan } from './run-plan.ts';
import { parseResumeTrace, type ResumeTrace } from './read-resume-trace.ts';
import type { ResumeState } from './resume-state.ts';
import type { RunOutcome } from './run-outcome.ts';
import { finalStepStates } from '../core/run-record.ts';

/** What a job is asked to do: one plan file (or a task in words), its inputs, and the model to use. */
export interface JobSettings {
  readonly planFile?: string;
  readonly task?: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** The repository root: tools run here. */
  readonly cwd: string;
  /** The runner's environment; tools and goal commands see only a scrubbed part of it. */
  readonly env: RunnerEnvironment;
  readonly model: ModelSettings;
  /** `run` (default) runs the plan; `plan` writes (if needed) and validates it, and runs nothing; `agent` runs the task as one agent step. */
  readonly mode?: 'run' | 'plan' | 'agent';
  /** What the github toolset works with: a client, the current repository and pull request. */
  readonly github?: ToolsetGitHubContext;
  /** Expected step durations (from a previous run's trace): ready steps start longest remaining path first. */
  readonly stepWeights?: StepWeights;
  /** Keeps tools out of the run (read-only mode on a fork's pull request): validation names them, the registry leaves them out. */
  readonly withhold?: ToolWithholding;
  /** The trace of an earlier run of this plan: its completed steps whose keys match are reused, its side effects never repeated. */
  readonly resume?: ResumeTrace;
}

export interface JobDeps {
  readonly listeners: readonly RunListener[];
  readonly clock: Clock;
  readonly signal?: AbortSignal;
  readonly onListenerError?: (error: unknown) => void;
  /** Builds the model client; tests pass one that talks to a local server. */
  readonly createModel?: (settings: ModelSettings) => ModelClient | undefined;
  /** Tools besides the plan's own (adapters, tests): steps and the planner may name them. */
  readonly extraTools?: readonly Tool[];
  /** In [0, 1): the jitter of retry waits; tests pass a constant. */
  readonly random?: () => number;
  /** Wraps every tool the run may call (`plan-runner eval` injects faults here); the tool itself is unchanged. */
  readonly decorateTool?: (tool: Tool) => Tool;
  /** Replaces the step runner (`plan-runner eval`'s full-history variant wraps the default one). */
  readonly runStep?: StepRunner;
  /**
   * Hides every secret the run knows; applied to each prompt, each tool's arguments and the
   * recording. Default: the API key and the secret-named variables of `settings.env`.
   */
  readonly redact?: Redactor;
}

/**
 * A job either stopped before anything ran (with the reasons, and the model's rejected plan when
 * it wrote one), was only planned (`mode: plan`), or ran and was judged. `usage` counts every
 * model call of the job: planner, steps, replanner, reviews and goal judges.
 */
export type JobOutcome =
  | {
      readonly kind: 'rejected';
      readonly plan?: ValidPlan;
      readonly errors: readonly PlanError[];
      /** Set when the model wrote a plan that failed validation twice: each answer and its errors. */
      readonly rejectedPlan?: RejectedPlan;
      readonly usage?: Usage;
    }
  | { readonly kind: 'planned'; readonly plan: ValidPlan; readonly written: boolean; readonly usage: Usage }
  | {
      readonly kind: 'ran';
      readonly plan: ValidPlan;
      readonly run: RunOutcome;
      readonly goals: readonly GoalResult[];
      readonly status: RunStatus;
      readonly usage: Usage;
    };

const TASK_FILE = '(task)';

/** Loads the plan; a file's MCP servers are started first, since validation needs their tool lists. */
async function loadJobPlan(settings: JobSettings, extraTools: readonly Tool[], signal: AbortSignal): Promise<PlanWithServers> {
  // The caller's model is checked with the plan (a max_cost_usd it has no price for is a plan error).
  const withhold = { ...(settings.withhold !== undefined && { withhold: settings.withhold }), ...(settings.model.model && { model: settings.model.model }) };
  if (settings.planFile) {
    return loadPlanWithServers(settings.planFile, { signal, cwd: settings.cwd, env: settings.env, extraTools, ...withhold });
  }
  if (settings.task) return loadPlanText(JSON.stringify({ goal: settings.task }), TASK_FILE, { extraTools, ...withhold });
  return { ok: false as const, errors: [{ path: '', message: 'nothing to run: give a plan file or a task' }] };
}

/**
 * Loads and checks a plan, has a model write its steps when it has only a goal, runs it (retrying,
 * replanning and escalating as it goes, within its budgets), and evaluates its goals. Everything
 * that can be known before the first step (plan errors, a plan the model could not write, missing
 * inputs, no model for steps that need one) rejects the job before anything runs.
 */
export async function runJob(settings: JobSettings, deps: JobDeps): Promise<JobOutcome> {
  const extraTools = deps.extraTools ?? [];
  const signal = deps.signal ?? new AbortController().signal;
  const loaded = await loadJobPlan(settings, extraTools, signal);
  if (!loaded.ok) return { kind: 'rejected', errors: loaded.errors };
  const servers = loaded.servers;
  try {
    return await runLoadedJob(loaded.plan, servers, settings, deps);
  } finally {
    // No orphan MCP servers, whatever happened (closing twice is safe).
    await servers?.close();
  }
}

async function runLoadedJob(
  loadedPlan: ValidPlan,
  servers: McpConnection | undefined,
  settings: JobSettings,
  deps: JobDeps,
): Promise<JobOutcome> {
  const extraTools = deps.extraTools ?? [];
  let plan = loadedPlan;
  // mode agent: the whole run is one agent step working on the task with every tool the run offers.
  if (settings.mode === 'agent') {
    const built = agentPlan(loadedPlan, settings.task);
    if (!built.ok) return { kind: 'rejected', plan: loadedPlan, errors: built.errors };
    plan = built.plan;
  }
  // The task is the goal of a plan file without steps (its tools and goal checks still apply).
  if (settings.task && plan.steps.length === 0) plan = { ...plan, goal: settings.task };
  // The caller's model (action input, --model) replaces the plan's model.name; agents' own models still win.
  if (settings.model.model) plan = { ...plan, source: { ...plan.source, model: { ...plan.source.model, name: settings.model.model } } };

  const inputs = resolveInputs(plan.source, settings.inputs);
  if (!inputs.ok) return { kind: 'rejected', plan, errors: inputs.errors.map((message) => setupError(plan, message)) };

  const budget = new RunBudget(plan.limits, plan.source.pricing);
  const redact = deps.redact ?? createRedactor([settings.model.apiKey, ...secretValuesFromEnvironment(settings.env)]);
  let client;
  try {
    client = (deps.createModel ?? createModelClient)({ ...settings.model, model: settings.model.model ?? plan.source.model?.name, redact });
  } catch (error) {
    // A replay file that is missing or malformed: the setup is wrong, nothing ran.
    return { kind: 'rejected', plan, errors: [setupError(plan, error instanceof Error ? error.message : String(error))] };
  }
  // One budget sees every call of the job (planner, steps, replanner, reviews, judges), and no
  // call carries a secret the run knows.
  const model = client && redactingModelClient(budgetedModelClient(client, budget), redact);

  let resume: ResumeState | undefined;
  if (settings.resume) {
    const read = parseResumeTrace(settings.resume, plan.name);
    if (!read.ok) return { kind: 'rejected', plan, errors: [setupError(plan, `cannot resume: ${read.problem}`)] };
    resume = read.state;
  }
  const written = plan.steps.length === 0;
  // A plan the model wrote is resumed as that run last had it, not written again.
  if (written && resume && resume.plan.steps.length > 0) plan = { ...plan, steps: resume.plan.steps };
  else if (written) {
    if (!model) {
      return {
        kind: 'rejected',
        plan,
        errors: [setupError(plan, `the plan has a goal but no workflow_sequence, so a model writes the steps, and none is configured: ${MODEL_HINT}`)],
      };
    }
    const result = await writePlan(plan, { model, inputs: inputs.inputs, signal: deps.signal });
    if (!result.ok) {
      const headline = setupError(plan, result.attempts.length > 1 ? 'the plan the model wrote did not pass validation, even after one repair; no step ran (the rejected plan is in the summary)' : 'the model could not write a plan; no step ran');
      return { kind: 'rejected', plan, errors: [headline, ...result.errors], rejectedPlan: { attempts: result.attempts }, usage: budget.usage };
    }
    plan = result.plan;
  }
  if (settings.mode === 'plan') return { kind: 'planned', plan, written, usage: budget.usage };

  const noModel = model ? undefined : missingModelError(plan);
  if (noModel) return { kind: 'rejected', plan, errors: [noModel] };

  let opened: OpenTools;
  try {
    opened = await openTools(plan.source, {
      cwd: settings.cwd,
      env: settings.env,
      signal: deps.signal ?? new AbortController().signal,
      ...(servers && { servers }),
      ...settings.github,
    });
  } catch (error) {
    return { kind: 'rejected', plan, errors: [setupError(plan, (error as Error).message)] };
  }
  const all = new Map(opened.tools);
  for (const tool of extraTools) all.set(tool.name, tool);
  // Whatever a step passes a tool (a GitHub write, an HTTP request, an MCP call) is redacted first.
  const tools = redactingTools(all, redact);
  // Withheld tools are not even callable: a step a model writes later cannot reach them either.
  for (const [name, tool] of tools) if (settings.withhold?.(tool, plan.source) !== undefined) tools.delete(name);
  if (deps.decorateTool) for (const [name, tool] of tools) tools.set(name, deps.decorateTool(tool));

  let run: RunOutcome;
  try {
    run = await runPlan(plan, {
      runStep: deps.runStep ?? runStep,
      tools,
      model,
      listeners: deps.listeners,
      clock: deps.clock,
      signal: deps.signal,
      cwd: settings.cwd,
      inputs: inputs.inputs,
      onListenerError: deps.onListenerError,
      budget,
      ...(model && { replanner: createModelReplanner(plan, { model, inputs: inputs.inputs }) }),
      ...(deps.random && { random: deps.random }),
      ...(settings.stepWeights && { stepWeights: settings.stepWeights }),
      ...(resume && { resume }),
    });
  } finally {
    // Goal checks call no tools: end the MCP servers before they run.
    await opened.close();
  }

  // The final plan's steps: a step a replan replaced is not one the plan still has to complete.
  const stepStates = finalStepStates(run.record);
  const goals = await evaluateGoals(
    plan.source.goals ?? [],
    { finalResult: run.finalResult, results: run.results, stepStates },
    {
      model,
      cwd: settings.cwd,
      env: scrubEnvironment(settings.env, undefined, 'goal'),
      signal: deps.signal,
    },
  );
  const status = finalStatus(run.status, goals, deps.signal?.aborted ?? false);
  // Evidence is an excerpt cut before any redactor saw it: redacted, and cut token fragments hidden, as every report shows it.
  run.recordGoals(goals.map((goal) => ({ ...goal, evidence: hideCutFragments(redact(goal.evidence)) })), status);
  return { kind: 'ran', plan, run, goals, status, usage: budget.usage };
}
