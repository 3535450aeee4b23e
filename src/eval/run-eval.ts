import { createRedactor, type Redactor } from '../core/redact.ts';
import { errorText } from '../core/error-text.ts';
import { jobSecrets } from '../job/job-secrets.ts';
import { planSecretValues } from '../process/plan-secret-values.ts';
import { redactingModelClient } from '../llm/redacting-model-client.ts';
import { evaluateGoals } from '../goals/evaluate-goals.ts';
import { finalStatus } from '../goals/final-status.ts';
import type { ModelSettings } from '../llm/create-model-client.ts';
import { DEFAULT_MODEL } from '../llm/default-model.ts';
import { DEFAULT_MODEL_TIMEOUT_SECONDS, MODEL_CALL_RETRIES, modelWaitSeconds } from '../llm/model-timeout.ts';
import type { ModelClient } from '../llm/model-client.ts';
import { createOpenAIModelClient, readingAnswers } from '../llm/openai-model-client.ts';
import { replayModelClient } from '../llm/replay-model-client.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { secretsAsRead } from '../core/secrets-as-read.ts';
import { budgetedModelClient } from '../job/budgeted-model-client.ts';
import type { Clock } from '../core/clock.ts';
import type { RunEvent, RunListener } from '../core/run-event.ts';
import { NO_USAGE, type Usage } from '../core/usage.ts';
import { RunBudget } from '../run/run-budget.ts';
import { runJob, type JobOutcome } from '../job/run-job.ts';
import { runStep } from '../steps/run-step.ts';
import { loadPlanWithServers } from '../job/load-plan-with-servers.ts';
import { openTools } from '../job/open-tools.ts';
import { scrubEnvironment, type RunnerEnvironment } from '../process/scrub-environment.ts';
import type { EvalRunResult, EvalVariant } from './eval-run-result.ts';
import { CallPurpose } from './call-purpose.ts';
import { faultInjectingFetch } from './fault-injecting-fetch.ts';
import { faultInjectingTool } from './fault-injecting-tool.ts';
import { FaultInjector } from './fault-injector.ts';
import { isToolRule, type FaultRule } from './fault-rule.ts';
import { fullHistorySteps } from './full-history-steps.ts';
import { runReactLoop } from './react-loop.ts';
import type { ScriptedAnswers } from './scripted-answers.ts';
import type { ToolWithholding } from '../plan/valid-plan.ts';
import type { ToolsetGitHubContext } from '../github/toolset-github-context.ts';
import { startScriptedChatServer, type ScriptedChatServer } from './scripted-chat-server.ts';
import { seededRandom } from './seeded-random.ts';
import { PLANNER_PURPOSE } from '../planner/write-plan.ts';
import { formatPlanError, type PlanError } from '../plan/plan-error.ts';
import { timeoutSignal } from '../core/timeout-signal.ts';
import type { Goal } from '../plan/schema.ts';

/** An evaluation runs a plan many times: tools that change things outside the run are never called. */
export const withholdSideEffects: ToolWithholding = (tool) =>
  tool.sideEffects ? 'it has side effects, and plan-runner eval runs a plan many times; evaluate a copy of the plan without it' : undefined;

/** Where an evaluation's model answers come from. */
export type EvalModelSource =
  | { readonly kind: 'live'; readonly baseURL: string; readonly apiKey: string }
  | { readonly kind: 'answers'; readonly answers: ScriptedAnswers }
  | { readonly kind: 'replay'; readonly file: string }
  /** No model: plans whose steps need none still run; the rest are rejected, saying so. */
  /** No model: plans that need none still run; `hint` says how to give one (else MODEL_HINT). */
  | { readonly kind: 'none'; readonly hint?: string };

/** One plan to evaluate, with the column label it gets (its file, or `base` / `plan` with --compare). */
export interface EvalPlan {
  readonly file: string;
  readonly label?: string;
}

export interface EvalSettings {
  readonly plans: readonly EvalPlan[];
  readonly runs: number;
  readonly seed: number;
  readonly faults: readonly FaultRule[];
  /** Besides `plan`, which strategies run the same goal. */
  readonly baselines: readonly Exclude<EvalVariant, 'plan'>[];
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Inputs given empty (the action's `week:`): not given, and refused where the plan does not declare them (`resolveInputs`). */
  readonly emptyInputs?: readonly string[];
  readonly cwd: string;
  readonly env: RunnerEnvironment;
  readonly model: EvalModelSource;
  /** The model name given on the command line; replaces the plan's `model.name`. */
  readonly modelName?: string;
  /** How long one model request waits (the CLI's --model-timeout-seconds, the action's input); replaces the plan's `model.timeout_seconds`. */
  readonly modelTimeoutSeconds?: number;
  /** Turns the ReAct baseline gets before it counts as failed. */
  readonly maxTurns: number;
  /** Tools kept out besides those with side effects (the action's read-only mode on a fork's pull request). */
  readonly withhold?: ToolWithholding;
  /** What the github toolset works with, as a run of the plan gets it (the CLI's GITHUB_TOKEN, the action's github-token). */
  readonly github?: ToolsetGitHubContext;
}

function withholding(settings: EvalSettings): ToolWithholding {
  return (tool, plan) => withholdSideEffects(tool, plan) ?? settings.withhold?.(tool, plan);
}

export interface EvalDeps {
  readonly clock: Clock;
  readonly signal: AbortSignal;
  /** Called after each run, for progress lines. */
  readonly onRun?: (result: EvalRunResult) => void;
  /** Called with each run's events, e.g. to write one trace per run. */
  readonly listenersFor?: (column: string, run: number) => readonly RunListener[];
  /**
   * The caller's redactor, which its reports (traces, the table, the figures as JSON) use: every run redacts its
   * prompts and tool arguments with it and teaches it what the plan hands its tools under secret names.
   */
  readonly redact?: Redactor;
}

/** Makes each run's model client: faults below the SDK, the call's purpose passed down to them. */
class EvalModels {
  readonly #source: EvalModelSource;
  readonly #server: ScriptedChatServer | undefined;
  #runs = 0;

  private constructor(source: EvalModelSource, server: ScriptedChatServer | undefined) {
    this.#source = source;
    this.#server = server;
  }

  static async open(source: EvalModelSource): Promise<EvalModels> {
    return new EvalModels(source, source.kind === 'answers' ? await startScriptedChatServer(source.answers) : undefined);
  }

  clientFor(injector: FaultInjector, model: string, timeoutSeconds = DEFAULT_MODEL_TIMEOUT_SECONDS): ModelClient | undefined {
    this.#runs += 1;
    if (this.#source.kind === 'none') return undefined;
    if (this.#source.kind === 'replay') return replayModelClient(this.#source.file, { defaultModel: model });
    const purpose = new CallPurpose();
    const baseURL = this.#server?.url ?? (this.#source.kind === 'live' ? this.#source.baseURL : '');
    const apiKey = this.#source.kind === 'live' ? this.#source.apiKey : 'scripted';
    // The `bad json` fault reads an answer whole before the client's own cap: it reads through one too.
    const fetch = faultInjectingFetch({ injector, purpose, fetch: readingAnswers((input, init) => globalThis.fetch(input, init)), ...(this.#server && { tagRequests: { run: this.#runs } }) });
    return purpose.wrap(createOpenAIModelClient({ baseURL, apiKey, model, timeoutMs: timeoutSeconds * 1000, maxRetries: MODEL_CALL_RETRIES, fetch }));
  }

  async close(): Promise<void> {
    await this.#server?.close();
  }
}

/** The events of a used plan's (`type: plan`) run, nested plans in it too: its retries are the run's. */
function withNested(events: readonly RunEvent[]): RunEvent[] {
  return events.flatMap((event) => (event.type === 'nested_event' ? [event, ...withNested([event.event])] : [event]));
}

function countEvents(events: readonly RunEvent[]): { retries: number; replans: number; stepsStarted: number } {
  // Counted inside used plans too, and a for_each item's: a retry there went uncounted (found by adversarial passes).
  const all = withNested(events);
  return {
    retries: all.filter((event) => event.type === 'step_retrying' || event.type === 'item_retrying').length,
    replans: all.filter((event) => event.type === 'plan_revised').length,
    // The plan's own steps: a used plan's start only inside one of them.
    stepsStarted: events.filter((event) => event.type === 'step_started').length,
  };
}

function usageFields(usage: Usage): Pick<EvalRunResult, 'modelCalls' | 'promptTokens' | 'cachedPromptTokens' | 'completionTokens' | 'costUsd' | 'abandonedRequests' | 'unpricedCalls' | 'estimatedCalls'> {
  return {
    modelCalls: usage.modelCalls,
    promptTokens: usage.promptTokens,
    cachedPromptTokens: usage.cachedPromptTokens ?? 0,
    completionTokens: usage.completionTokens,
    costUsd: usage.costUsd,
    abandonedRequests: usage.abandonedRequests ?? 0,
    unpricedCalls: usage.unpricedCalls ?? 0,
    ...(usage.estimatedCalls !== undefined && usage.estimatedCalls > 0 && { estimatedCalls: usage.estimatedCalls }),
  };
}

/** What the run's requests met at the endpoint, where one answers over HTTP (a live endpoint, an answers file's server). */
function endpointCounts(settings: EvalSettings, injector: FaultInjector): Pick<EvalRunResult, 'modelRequestsSent' | 'heldAbandonedRequests'> {
  if (settings.model.kind !== 'live' && settings.model.kind !== 'answers') return {};
  return { modelRequestsSent: injector.modelRequestsSent, heldAbandonedRequests: injector.heldAbandonedRequests };
}

interface OneRun {
  readonly settings: EvalSettings;
  readonly deps: EvalDeps;
  readonly models: EvalModels;
  readonly plan: EvalPlan;
  readonly column: string;
  readonly variant: EvalVariant;
  readonly run: number;
}

/**
 * Why a run was refused, each problem located as `validate` prints it (`plan.yml:4:30: …`): `mode: eval` checks no plan
 * before its runs, and its report said "unknown tool `ad`" with no file, line or column (found by an adversarial pass).
 */
function refusalReason(errors: readonly PlanError[]): string {
  return errors.map(formatPlanError).join('; ');
}

interface CallCounter {
  planner: number;
  /** Planner calls that got an answer: a run whose planner got none wrote no plan, valid or not. */
  plannerAnswered: number;
  unanswered: number;
}

/** Counts planner calls as they are made, whatever the job does with them, those answered, and the requests that got no answer (cancels aside). */
function countingPlanner(client: ModelClient, counter: CallCounter): ModelClient {
  return {
    defaultModel: client.defaultModel,
    complete(request, label, signal) {
      const planner = label.purpose === PLANNER_PURPOSE;
      if (planner) counter.planner += 1;
      return client.complete(request, label, signal).then((answer) => {
        if (planner) counter.plannerAnswered += 1;
        return answer;
      }, (error: unknown) => {
        if (!signal?.aborted) counter.unanswered += 1;
        throw error;
      });
    },
  };
}

/** `listener` given each event as an eval run's: its `plan_created` marked `evaluation`, so no resume takes its results as a real run's. */
function evaluationListener(listener: RunListener): RunListener {
  return (event, record) => listener(event.type === 'plan_created' ? { ...event, evaluation: true } : event, record);
}

async function runPlanVariant(one: OneRun): Promise<EvalRunResult> {
  const { settings, deps, run } = one;
  const injector = new FaultInjector(settings.faults, settings.seed, run);
  const events: RunEvent[] = [];
  const counter: CallCounter = { planner: 0, plannerAnswered: 0, unanswered: 0 };
  const started = deps.clock.now();
  const outcome: JobOutcome = await runJob(
    {
      planFile: one.plan.file,
      inputs: settings.inputs,
      ...(settings.emptyInputs && { emptyInputs: settings.emptyInputs }),
      cwd: settings.cwd,
      env: settings.env,
      model: {
        baseURL: '',
        ...(settings.modelName !== undefined && { model: settings.modelName }),
        ...(settings.modelTimeoutSeconds !== undefined && { timeoutSeconds: settings.modelTimeoutSeconds }),
        ...(settings.model.kind === 'none' && settings.model.hint !== undefined && { missingHint: settings.model.hint }),
      },
      withhold: withholding(settings),
      ...(settings.github && { github: settings.github }),
    },
    {
      listeners: [(event) => events.push(event), ...(deps.listenersFor?.(one.column, run) ?? []).map(evaluationListener)],
      clock: deps.clock,
      ...(deps.redact && { redact: deps.redact }),
      signal: deps.signal,
      random: seededRandom(settings.seed * 7919 + run),
      createModel: (model: ModelSettings) => {
        // The job has chosen the wait (`prepareModel`, by `modelWaitSeconds`).
        const client = one.models.clientFor(injector, model.model ?? DEFAULT_MODEL, model.timeoutSeconds);
        return client && countingPlanner(client, counter);
      },
      decorateTool: (tool) => faultInjectingTool(tool, injector),
      ...(one.variant === 'full-history' && { runStep: fullHistorySteps(runStep) }),
    },
  );
  const durationMs = deps.clock.now() - started;
  const base = {
    column: one.column,
    variant: one.variant,
    run,
    durationMs,
    faults: injector.injected,
    faultRulesTargeting: injector.targetingRules,
    modelPurposes: injector.modelPurposes,
    ...endpointCounts(settings, injector),
    unansweredModelRequests: counter.unanswered,
    plannerCalls: counter.planner,
    plannerAnswers: counter.plannerAnswered,
    ...countEvents(events),
  };
  // Cancelled before any step (the MCP servers starting, the model planning): a cancelled run, not an invalid plan.
  if (outcome.kind === 'rejected' && outcome.cancelled) return { ...base, status: 'cancelled', reason: `cancelled while ${outcome.cancelled}`, goals: [], ...usageFields(outcome.usage ?? NO_USAGE) };
  if (outcome.kind === 'rejected') {
    const reason = refusalReason(outcome.errors);
    // Invalid only where the model wrote a plan that failed validation, as the job says (`rejectedPlan`): a planner that got
    // no answer (an endpoint error, a fault past the SDK's retries) read as one (found by an adversarial pass), and so did a
    // valid plan whose run was refused after it (a toolset it could not set up; found by a review).
    return { ...base, status: 'rejected', reason, goals: [], ...usageFields(outcome.usage ?? NO_USAGE), ...(outcome.rejectedPlan && { planValid: false }) };
  }
  if (outcome.kind === 'planned') throw new Error('eval runs plans; it never stops at planning');
  return {
    ...base,
    status: outcome.status,
    ...(outcome.run.reason !== undefined && { reason: outcome.run.reason }),
    goals: outcome.goals.map((goal) => ({ name: goal.name, outcome: goal.outcome })),
    ...usageFields(outcome.usage),
    ...(counter.planner > 0 && { planValid: true }),
  };
}

async function runReactVariant(one: OneRun): Promise<EvalRunResult> {
  const { settings, deps, run } = one;
  const injector = new FaultInjector(settings.faults, settings.seed, run);
  const started = deps.clock.now();
  const base = { column: one.column, variant: one.variant, run, plannerCalls: 0, retries: 0, replans: 0 };
  // The requests that got no answer, as a plan's run counts them: a baseline no request of which was answered measured nothing.
  const counter: CallCounter = { planner: 0, plannerAnswered: 0, unanswered: 0 };
  const finish = (fields: Pick<EvalRunResult, 'status' | 'goals'> & { reason?: string }, usage: Usage): EvalRunResult => ({
    ...base,
    ...fields,
    ...usageFields(usage),
    unansweredModelRequests: counter.unanswered,
    durationMs: deps.clock.now() - started,
    faults: injector.injected,
    faultRulesTargeting: injector.targetingRules,
    modelPurposes: injector.modelPurposes,
    ...endpointCounts(settings, injector),
  });
  // As in a plan's run: no prompt, tool argument or error carries a secret the run knows, the values the plan gives
  // its MCP servers among them (learned before they start: one that fails to start can print them).
  const live = settings.model.kind === 'live' ? settings.model : undefined;
  const redact = deps.redact ?? createRedactor(jobSecrets({ apiKey: live?.apiKey, baseURL: live?.baseURL, env: settings.env, inputs: settings.inputs }));
  const loaded = await loadPlanWithServers(one.plan.file, { signal: deps.signal, cwd: settings.cwd, env: settings.env, withhold: withholding(settings), ...(settings.modelTimeoutSeconds !== undefined && { modelTimeoutSeconds: settings.modelTimeoutSeconds }), learnSecrets: (values) => redact.learn?.(values) });
  if (!loaded.ok) return finish({ status: 'rejected', goals: [], reason: refusalReason(loaded.errors) }, NO_USAGE);
  const source = loaded.plan.source;
  const inputs = resolveInputs(source, settings.inputs, settings.emptyInputs);
  if (!inputs.ok) {
    await loaded.servers?.close();
    return finish({ status: 'rejected', goals: [], reason: inputs.errors.join('; ') }, NO_USAGE);
  }
  const modelName = settings.modelName ?? source.model?.name ?? DEFAULT_MODEL;
  const budget = new RunBudget(loaded.plan.limits, source.pricing);
  const client = one.models.clientFor(injector, modelName, modelWaitSeconds(settings.modelTimeoutSeconds, source.model?.timeout_seconds));
  if (!client) {
    await loaded.servers?.close();
    return finish({ status: 'rejected', goals: [], reason: 'the react baseline needs a model: give an API key, --answers FILE or --replay FILE' }, NO_USAGE);
  }
  redact.learn?.([...planSecretValues(source, settings.env), ...secretsAsRead(settings.inputs, inputs.inputs, redact)]);
  const model = redactingModelClient(budgetedModelClient(countingPlanner(client, counter), budget), redact);
  let opened;
  try {
    opened = await openTools(source, { cwd: settings.cwd, env: settings.env, signal: deps.signal, redact, ...settings.github, ...(loaded.servers && { servers: loaded.servers }) });
  } catch (error) {
    // A toolset that cannot start (no GitHub token, an MCP server that will not) refuses the run, as a plan's run is refused.
    return finish({ status: 'rejected', goals: [], reason: errorText(error) }, NO_USAGE);
  }
  try {
    const tools = new Map([...opened.tools].filter(([, tool]) => withholding(settings)(tool, source) === undefined).map(([name, tool]) => [name, faultInjectingTool(tool, injector)]));
    const goal = source.goal ?? loaded.plan.steps.map((step) => step.description).join('\n');
    // A goal on the plan's steps could never be evaluated on a loop that runs none: every run was `goals-unmet`, a 0%
    // baseline the plan beat (found by an adversarial pass). It is left out of the baseline's column, which says so.
    const onSteps = (goal: Goal) => goal.of !== undefined || goal.all_steps_completed === true;
    const notChecked = (source.goals ?? []).filter(onSteps).map((goal) => goal.name);
    const skipped = notChecked.length > 0 ? { goalsNotChecked: notChecked } : {};
    /** The run's end once the loop may start: its model use so far, and the goals it leaves unchecked. */
    const ended = (fields: Pick<EvalRunResult, 'status' | 'goals'> & { reason?: string }): EvalRunResult => ({ ...finish(fields, budget.usage), ...skipped });
    const checkable = (source.goals ?? []).filter((goal) => !onSteps(goal));
    // A run that ended without an answer left its goals unevaluated, as a plan's failed run does: with none listed, a
    // column of such runs showed `—` (not checked) for each goal instead of 0% (found by an eval hunt).
    const unanswered = checkable.map((goal) => ({ name: goal.name, outcome: 'error' as const }));
    // Bounded as the plan's run is, by its limits.timeout_minutes: a slow fault on every call held a run for ever.
    const minutes = loaded.plan.limits.timeout_minutes;
    const deadline = timeoutSignal(minutes * 60_000);
    const signal = AbortSignal.any([deps.signal, deadline]);
    let loop;
    try {
      loop = await runReactLoop({
        goal,
        inputs: inputs.inputs,
        tools,
        model,
        modelName,
        ...(source.model?.temperature !== undefined && { temperature: source.model.temperature }),
        maxTurns: settings.maxTurns,
        cwd: settings.cwd,
        signal,
      });
    } catch (error) {
      if (!deps.signal.aborted && deadline.aborted) return ended({ status: 'failed', goals: unanswered, reason: `the run took longer than limits.timeout_minutes (${minutes} min)` });
      return ended({ status: deps.signal.aborted ? 'cancelled' : 'failed', goals: unanswered, reason: error instanceof Error ? error.message : String(error) });
    }
    if (!loop.ok) return ended({ status: 'failed', goals: unanswered, reason: loop.reason });
    const goals = await evaluateGoals(
      checkable,
      { finalResult: loop.answer, results: new Map(), stepStates: new Map(), unfinished: new Map() },
      { model, cwd: settings.cwd, env: scrubEnvironment(settings.env, undefined, 'goal'), signal: deps.signal },
    );
    return ended({ status: finalStatus('succeeded', goals), goals: goals.map((g) => ({ name: g.name, outcome: g.outcome })) });
  } finally {
    await opened.close();
  }
}

/** Model faults need an HTTP endpoint below the SDK; a replay file has none. */
export function evalSettingsProblem(settings: EvalSettings): string | undefined {
  if (settings.model.kind === 'replay' && settings.faults.some((rule) => !isToolRule(rule))) {
    return 'model faults are injected below the SDK, which a replay file bypasses: use --answers FILE or a live endpoint, or keep to tool faults';
  }
  // Known before any run: every react run would be rejected, and the column showed a 0% baseline that
  // the plan "beat", with exit 0 (found by an adversarial pass).
  if (settings.model.kind === 'none' && settings.baselines.includes('react')) {
    return `the react baseline asks a model for every step, and no model is configured: ${settings.model.hint ?? 'give an API key, --answers FILE or --replay FILE'}; or leave the react baseline out`;
  }
  return undefined;
}

/** The column a variant of a plan fills: the variant, with the plan's label when two plans are compared. */
export function columnName(settings: Pick<EvalSettings, 'plans'>, plan: EvalSettings['plans'][number], variant: EvalVariant): string {
  return settings.plans.length > 1 ? `${variant === 'plan' ? '' : `${variant} · `}${plan.label ?? plan.file}` : variant;
}

/** Every column of an evaluation, in the order they run: each plan as written, then each baseline. */
export function columnNames(settings: Pick<EvalSettings, 'plans' | 'baselines'>): string[] {
  return settings.plans.flatMap((plan) => (['plan', ...settings.baselines] as EvalVariant[]).map((variant) => columnName(settings, plan, variant)));
}

/**
 * One run, whatever it throws: a run that throws is a rejected run saying why, so that it cannot end the
 * evaluation and drop every other run and the report with it (found by an adversarial pass). It is marked
 * `crashed`, and fails the evaluation: it measured nothing of the plan.
 */
async function oneRun(one: OneRun): Promise<EvalRunResult> {
  const started = one.deps.clock.now();
  try {
    return one.variant === 'react' ? await runReactVariant(one) : await runPlanVariant(one);
  } catch (error) {
    const reason = `the run failed to start or finish: ${errorText(error)}`;
    return {
      column: one.column,
      variant: one.variant,
      run: one.run,
      status: one.deps.signal.aborted ? 'cancelled' : 'rejected',
      reason,
      ...(!one.deps.signal.aborted && { crashed: true as const }),
      goals: [],
      ...usageFields(NO_USAGE),
      durationMs: one.deps.clock.now() - started,
      retries: 0,
      replans: 0,
      plannerCalls: 0,
      faults: [],
      faultRulesTargeting: [],
    };
  }
}

/**
 * `result` with its reason redacted, as the run's redactor now knows the plan's secrets: the report escapes a reason for
 * Markdown before the caller redacts the report, and a secret with an `@` or `#` in it, escaped, no longer matched
 * (found by a secret hunt: `Tr0ub4dor\\@3xyz\\#9k` in the job summary, which GitHub shows unescaped).
 */
function withRedactedReason(result: EvalRunResult, redact: Redactor | undefined): EvalRunResult {
  return redact && result.reason !== undefined ? { ...result, reason: redact(result.reason) } : result;
}

/**
 * Runs every column (each plan as written, then each baseline) `runs` times, one run after another
 * so that timings do not disturb each other, and returns every run's figures.
 */
export async function runEval(settings: EvalSettings, deps: EvalDeps): Promise<EvalRunResult[]> {
  const models = await EvalModels.open(settings.model);
  const results: EvalRunResult[] = [];
  try {
    for (const plan of settings.plans) {
      const variants: EvalVariant[] = ['plan', ...settings.baselines];
      for (const variant of variants) {
        const column = columnName(settings, plan, variant);
        for (let run = 1; run <= settings.runs; run += 1) {
          if (deps.signal.aborted) return results;
          const one: OneRun = { settings, deps, models, plan, column, variant, run };
          const result = withRedactedReason(await oneRun(one), deps.redact);
          results.push(result);
          deps.onRun?.(result);
        }
      }
    }
    return results;
  } finally {
    await models.close();
  }
}
