import { evaluateGoals } from '../goals/evaluate-goals.ts';
import { finalStatus } from '../goals/final-status.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import { createModelClient, type ModelSettings } from '../llm/create-model-client.ts';
import type { ModelClient } from '../llm/model-client.ts';
import { loadPlanFile, loadPlanText } from '../plan/load-plan.ts';
import type { PlanError } from '../plan/plan-error.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { stepsNeedingModel } from '../plan/steps-needing-model.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';
import { runStep } from '../steps/run-step.ts';
import { buildToolRegistry } from '../tools/build-tool-registry.ts';
import { scrubEnvironment, type RunnerEnvironment } from '../tools/scrub-environment.ts';
import type { Clock } from './clock.ts';
import type { RunListener, RunStatus } from './events.ts';
import { runPlan } from './run-plan.ts';
import type { RunOutcome } from './run-outcome.ts';

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
}

export interface JobDeps {
  readonly listeners: readonly RunListener[];
  readonly clock: Clock;
  readonly signal?: AbortSignal;
  readonly onListenerError?: (error: unknown) => void;
  /** Builds the model client; tests pass one that talks to a local server. */
  readonly createModel?: (settings: ModelSettings) => ModelClient | undefined;
}

/** A job either stopped before anything ran (with the reasons), or ran and was judged. */
export type JobOutcome =
  | { readonly kind: 'rejected'; readonly plan?: ValidPlan; readonly errors: readonly PlanError[] }
  | {
      readonly kind: 'ran';
      readonly plan: ValidPlan;
      readonly run: RunOutcome;
      readonly goals: readonly GoalResult[];
      readonly status: RunStatus;
    };

const TASK_FILE = '(task)';

async function loadJobPlan(settings: JobSettings) {
  if (settings.planFile) return loadPlanFile(settings.planFile);
  if (settings.task) return loadPlanText(JSON.stringify({ goal: settings.task }), TASK_FILE);
  return { ok: false as const, errors: [{ path: '', message: 'nothing to run: give a plan file or a task' }] };
}

function setupError(plan: ValidPlan, message: string): PlanError {
  return { file: plan.file, path: '', message };
}

/**
 * Loads and checks a plan, runs it, and evaluates its goals. Everything that can be known before
 * the first step (plan errors, missing inputs, no model for steps that need one) rejects the job
 * before anything runs.
 */
export async function runJob(settings: JobSettings, deps: JobDeps): Promise<JobOutcome> {
  const loaded = await loadJobPlan(settings);
  if (!loaded.ok) return { kind: 'rejected', errors: loaded.errors };
  const plan = loaded.plan;

  const inputs = resolveInputs(plan.source, settings.inputs);
  if (!inputs.ok) return { kind: 'rejected', plan, errors: inputs.errors.map((message) => setupError(plan, message)) };

  if (plan.steps.length === 0) {
    return {
      kind: 'rejected',
      plan,
      errors: [setupError(plan, 'the plan has a goal but no workflow_sequence; writing a plan with a model is not available yet — add a workflow_sequence')],
    };
  }

  const model = (deps.createModel ?? createModelClient)({
    ...settings.model,
    model: settings.model.model ?? plan.source.model?.name,
  });
  const needing = stepsNeedingModel(plan.steps);
  const judges = (plan.source.goals ?? []).filter((goal) => goal.judge !== undefined);
  if (!model && (needing.length > 0 || judges.length > 0)) {
    const what = [
      ...(needing.length ? [`step${needing.length > 1 ? 's' : ''} ${needing.map((s) => s.key).join(', ')}`] : []),
      ...judges.map((goal) => `goal '${goal.name}'`),
    ].join(' and ');
    return {
      kind: 'rejected',
      plan,
      errors: [setupError(plan, `${what} need${needing.length + judges.length > 1 ? '' : 's'} a model, and none is configured: set the api-key input (action), OPENAI_API_KEY or --replay FILE (CLI)`)],
    };
  }

  let tools;
  try {
    tools = buildToolRegistry(plan.source, { cwd: settings.cwd, env: settings.env });
  } catch (error) {
    return { kind: 'rejected', plan, errors: [setupError(plan, (error as Error).message)] };
  }

  const run = await runPlan(plan, {
    runStep,
    tools,
    model,
    listeners: deps.listeners,
    clock: deps.clock,
    signal: deps.signal,
    cwd: settings.cwd,
    inputs: inputs.inputs,
    onListenerError: deps.onListenerError,
  });

  const stepStates = new Map([...run.record.steps].map(([key, step]) => [key, step.state]));
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
  return { kind: 'ran', plan, run, goals, status: finalStatus(run.status, goals) };
}
