import type { Clock } from '../core/clock.ts';
import { EITHER_OPTION_NAMES, type OptionNames } from '../core/option-names.ts';
import type { ApprovalPlace, RunListener, RunStatus } from '../core/run-event.ts';
import type { Usage } from '../core/usage.ts';
import type { ToolsetGitHubContext } from '../github/toolset-github-context.ts';
import { readsCheckout } from '../goals/checkout-results.ts';
import { evaluateGoals } from '../goals/evaluate-goals.ts';
import type { GoalResult } from '../goals/goal-result.ts';
import type { ModelSettings } from '../llm/create-model-client.ts';
import type { ModelClient } from '../llm/model-client.ts';
import type { PlanError } from '../plan/plan-error.ts';
import type { FrozenPins } from '../plan/schema.ts';
import { emptyInputsWarning } from '../plan/empty-inputs-warning.ts';
import { resolveInputs } from '../plan/resolve-inputs.ts';
import { hashedSteps } from '../plan/hashed-step.ts';
import { secretsAsRead } from '../core/secrets-as-read.ts';
import { learnUsedPlanSecrets } from '../run/used-plan-secrets.ts';
import type { ToolWithholding, ValidPlan } from '../plan/valid-plan.ts';
import type { RejectedPlan } from '../planner/plan-attempt.ts';
import { planSecretValues } from '../process/plan-secret-values.ts';
import { scrubEnvironment, type RunnerEnvironment } from '../process/scrub-environment.ts';
import { pauseAsker } from './pause-asker.ts';
import { runPlan } from '../run/run-plan.ts';
import { RunJournal } from '../run/run-journal.ts';
import type { RunOutcome } from '../run/run-outcome.ts';
import type { RunStoppedError } from '../run/run-stopped-error.ts';
import { createRedactor, jsonMayNeedRedaction, redactDeep, type Redactor } from '../core/redact.ts';
import { jobSecrets } from './job-secrets.ts';
import { hashCanonical, stableHash, stepsCanonicalJson } from '../core/stable-hash.ts';
import { inputsHash } from '../run/approval-request.ts';
import type { PlanStep } from '../core/plan-step.ts';
import type { RunnablePlan } from '../run/runnable-plan.ts';
import { runStep } from '../steps/run-step.ts';
import type { StepRunner } from '../steps/step-context.ts';
import type { McpConnection } from '../tools/mcp/connect-mcp-servers.ts';
import type { Tool } from '../tools/tool.ts';
import { parseResumeTrace, type ResumeTrace } from '../run/read-resume-trace.ts';
import { fanOutOwnState, mergeResumeStates, resumedRevision, type ResumeState } from '../run/resume-state.ts';
import { placeCarriedResults } from '../run/place-carried-results.ts';
import type { FanOutPart } from '../run/fan-out-part.ts';
import type { StepWeights } from '../run/start-order.ts';
import { judgeGoals } from './judge-goals.ts';
import { fanOutRefusal } from './fan-out-refusal.ts';
import { frozenPinErrors, frozenPins, frozenPinsRefusal } from './frozen-pins.ts';
import { approvalBeforeServers } from './approval-before-servers.ts';
import { grantApproval, type ApprovalGrant } from './grant-approval.ts';
import { approvedSteps } from './saved-steps.ts';
import { resumedSteps, type ResumedSteps } from './resumed-steps.ts';
import { jobPlan, loadJobPlan } from './load-job-plan.ts';
import { missingModelError, setupError } from './model-requirement.ts';
import { openTools, type OpenTools } from './open-tools.ts';
import { prepareModel } from './prepare-model.ts';
import { replacedStepRefusal } from './replaced-step-refusal.ts';
import { writeSteps } from './write-steps.ts';

/** What a job is asked to do: one plan file (or a task in words), its inputs, and the model to use. */
export interface JobSettings {
  readonly planFile?: string;
  readonly task?: string;
  readonly inputs: Readonly<Record<string, unknown>>;
  /** Inputs given empty (the action's `week:`), taken as not given: `resolveInputs` refuses an undeclared one, and `deps.warn` names the defaults the rest get. */
  readonly emptyInputs?: readonly string[];
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
  /**
   * The trace of an earlier run of this plan (or several: a fanned-out run's prepare and shard
   * states): its completed steps and items whose keys match are reused, its side effects never repeated.
   */
  readonly resume?: ResumeTrace | readonly ResumeTrace[];
  /** The part of a fanned-out run this job plays (the action's `mode: prepare | shard | merge`); absent: the whole plan. */
  readonly fanOut?: FanOutPart;
  /** A person's approval of the run `resume` paused (checked by `grantApproval`): the steps it covers may start. */
  readonly approve?: ApprovalGrant;
  /** Why `command` goals cannot be checked in `cwd` (see `GoalDeps.commandsRefused`): they are then not evaluable. */
  readonly commandGoalsRefused?: string;
  /** How the caller names the task and the modes in messages (the action's inputs, the CLI's flags); default: both. */
  readonly optionNames?: OptionNames;
  /**
   * Why no approval could reach a run paused here, and what to do (the action's: no PR comment for an `/approve`
   * to find it): a plan that may pause is then refused before anything runs, as it could only wait for good.
   */
  readonly approvalUnreachable?: string;
  /** Where a pause is shown (the live comment's pull request or issue, and the commit): recorded in the request, see `ApprovalRequest.at`. */
  readonly askedAt?: ApprovalPlace;
}

/**
 * What a model that writes or replans the steps is given besides them, hashed: the goal (redacted, as the
 * trace keeps it), the goal checks' names and the run's inputs (`plan_created`'s `plannedFor`). Steps it
 * wrote for other ones do not fit: with other inputs, the plan written for the old ones ran, the values it
 * had written out of them in its arguments (found by an adversarial hunt of durable runs).
 */
function plannedFor(plan: ValidPlan, inputs: Readonly<Record<string, unknown>>, redact: Redactor): string {
  return stableHash({ goal: plan.goal === undefined ? null : redact(plan.goal), goals: (plan.source.goals ?? []).map((goal) => goal.name), inputs: inputsHash(inputs, redact) });
}

/**
 * The hash of a plan file's steps as the trace keeps them (redacted, JSON), each as `hashedStep` has it: `plan_created`'s
 * `fileSteps`, which a resume compares with its trace's steps' `tracedStepsHash` (they are redacted already). Steps are
 * JSON (validated), so when the redactor's screen finds nothing in their canonical text to change, that text is the
 * redacted copy's: hashed as it is, where copying 10,000 steps through `redactDeep` and JSON took 80 ms.
 */
export function fileStepsHash(fileSteps: readonly PlanStep[], redact: Redactor): string {
  const steps = hashedSteps(fileSteps);
  const json = stepsCanonicalJson(steps);
  if (!jsonMayNeedRedaction(json, redact)) return hashCanonical(json);
  return stableHash(JSON.parse(JSON.stringify(redactDeep(steps, redact))) as unknown);
}

export interface JobDeps {
  readonly listeners: readonly RunListener[];
  readonly clock: Clock;
  readonly signal?: AbortSignal;
  readonly onListenerError?: (error: unknown) => void;
  /** Says what the log should warn of before any step runs (inputs given empty, and the defaults they get), redacted. */
  readonly warn?: (message: string) => void;
  /** See `RunDeps.recordProblem`: the trace writer's, where the job keeps a trace. */
  readonly recordProblem?: () => string | undefined;
  /** Builds the model client; tests pass one that talks to a local server. */
  readonly createModel?: (settings: ModelSettings) => ModelClient | undefined;
  /** Tools besides the plan's own (adapters, tests): steps and the planner may name them. */
  readonly extraTools?: readonly Tool[];
  /** As LoadPlanOptions.argsCheckLimitMs: tests pass less than the 5 s a plan file's args may take to check. */
  readonly argsCheckLimitMs?: number;
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
      /**
       * Set when the run was cancelled before any step, to what was under way, in words that follow
       * "cancelled while": `its MCP servers were starting`. Nothing was rejected, nothing ran.
       */
      readonly cancelled?: string;
      /** Set when the plan is sound and the inputs the caller gave are not (undeclared, or a required one missing): the CLI's usage error. */
      readonly badInputs?: true;
    }
  | {
      readonly kind: 'planned';
      readonly plan: ValidPlan;
      readonly written: boolean;
      readonly usage: Usage;
      /** What the frozen plan file (`frozenPlanText`) records it was planned with: a run of the file refuses anything else. */
      readonly frozen: FrozenPins;
      /** Set when the model's calls writing the plan passed a budget: the job fails with it, as a run would. */
      readonly stopped?: RunStoppedError;
    }
  | {
      readonly kind: 'ran';
      readonly plan: ValidPlan;
      readonly run: RunOutcome;
      readonly goals: readonly GoalResult[];
      readonly status: RunStatus;
      readonly usage: Usage;
    };

/**
 * Loads and checks a plan, has a model write its steps when it has only a goal, runs it (retrying,
 * replanning and escalating as it goes, within its budgets), and evaluates its goals. Everything
 * that can be known before the first step (plan errors, a plan the model could not write, missing
 * inputs, no model for steps that need one) rejects the job before anything runs.
 */
export async function runJob(settings: JobSettings, deps: JobDeps): Promise<JobOutcome> {
  // The run's times count from here: its duration includes planning (and, through goals_checked, judging).
  const startedAt = deps.clock.now();
  const signal = deps.signal ?? new AbortController().signal;
  const redact = deps.redact ?? createRedactor(jobSecrets({ apiKey: settings.model.apiKey, baseURL: settings.model.baseURL, env: settings.env, inputs: settings.inputs }));
  // The values the plan hands its processes under secret names are secrets from here on, in every report.
  const learn = redact.learn;
  let loaded: Awaited<ReturnType<typeof loadJobPlan>>;
  try {
    // A refused approval is refused before the plan's MCP servers start: it starts nothing.
    loaded = await loadJobPlan(settings, deps.extraTools ?? [], signal, { learnSecrets: learn, argsCheckLimitMs: deps.argsCheckLimitMs, beforeServers: approvalBeforeServers(settings, redact) });
  } catch (error) {
    // Cancelled while the plan's MCP servers started (they are ended by their own start): not a fault of plan-runner's.
    if (signal.aborted) return { kind: 'rejected', errors: [], cancelled: 'its MCP servers were starting' };
    throw error;
  }
  if (!loaded.ok) return { kind: 'rejected', errors: loaded.errors };
  learn?.(planSecretValues(loaded.plan.source, settings.env));
  try {
    const plan = await jobPlan(loaded.plan, settings);
    if (!plan.ok) return { kind: 'rejected', plan: loaded.plan, errors: plan.errors };
    return await runLoadedJob(plan.plan, loaded.servers, settings, { ...deps, redact }, startedAt);
  } finally {
    // No orphan MCP servers, whatever happened (closing twice is safe).
    await loaded.servers?.close();
  }
}

async function runLoadedJob(loadedPlan: ValidPlan, servers: McpConnection | undefined, settings: JobSettings, deps: JobDeps & { readonly redact: Redactor }, startedAt: number): Promise<JobOutcome> {
  const inputs = resolveInputs(loadedPlan.source, settings.inputs, settings.emptyInputs);
  if (!inputs.ok) return { kind: 'rejected', plan: loadedPlan, errors: inputs.errors.map((message) => setupError(loadedPlan, message)), badInputs: true };

  const { redact } = deps;
  const emptied = emptyInputsWarning(settings.emptyInputs ?? [], loadedPlan.source.inputs);
  if (emptied) deps.warn?.(redact(emptied));
  redact.learn?.(secretsAsRead(settings.inputs, inputs.inputs, redact));
  learnUsedPlanSecrets(loadedPlan, inputs.inputs, redact);
  // A frozen plan runs only with what its reviewers approved: the inputs mode: plan planned with, the used plans it read.
  // mode: plan runs nothing, and pins the file anew to what it is given (the refusal's own advice).
  const unfrozen = settings.mode === 'plan' ? [] : frozenPinsRefusal(loadedPlan, inputs.inputs, redact);
  if (unfrozen.length > 0) {
    const located = await frozenPinErrors(loadedPlan.file, unfrozen);
    return { kind: 'rejected', plan: loadedPlan, errors: located.map((error) => ({ ...error, message: `cannot run the frozen plan: ${error.message}`, setup: true })) };
  }
  const prepared = prepareModel(loadedPlan, { ...settings.model, redact }, deps.createModel);
  if (!prepared.ok) return { kind: 'rejected', plan: loadedPlan, errors: [prepared.error] };
  const { model, budget } = prepared;

  if (settings.fanOut && !loadedPlan.steps.some((step) => step.forEach?.fanOut)) {
    return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `mode ${settings.fanOut.part} fans a plan out, and this plan has no step with fan_out: true; mark a for_each step fan_out: true, or run the plan without mode`)] };
  }
  // A paused part would leave the other jobs waiting on a state that never comes; a capped write in a part counts per job.
  const fanOutRefused = settings.fanOut ? fanOutRefusal(loadedPlan, `mode ${settings.fanOut.part}`) : undefined;
  if (fanOutRefused !== undefined) return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, fanOutRefused)] };
  // Found by an adversarial pass: with no comment for an `/approve` to find, a paused run waited for an answer that could never come.
  const asker = settings.approvalUnreachable !== undefined && settings.mode !== 'plan' ? pauseAsker(loadedPlan) : undefined;
  if (asker !== undefined) return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `this plan may pause for approval (${asker}), and ${settings.approvalUnreachable}. Nothing ran`)] };
  let resume: ResumeState | undefined;
  const traces = settings.resume === undefined ? [] : Array.isArray(settings.resume) ? (settings.resume as readonly ResumeTrace[]) : [settings.resume as ResumeTrace];
  const states: ResumeState[] = [];
  let shardPlans: ResumeState['shards'] = new Map();
  let preparedSteps: ReadonlySet<string> = new Set();
  // A merge job's own earlier attempt (the last read): its replans are what a re-run of it goes on with.
  let ownMerge: ResumeState | undefined;
  for (const trace of traces) {
    const read = parseResumeTrace(trace, loadedPlan.name);
    if (!read.ok) return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot resume: ${read.problem}`)] };
    // The prepare state a shard or merge job was given comes first (loadFanOutStates): its shard plans and
    // steps are the ones the states after it are read against.
    if (trace.fanOutPart === 'prepare') {
      shardPlans = read.state.shards;
      preparedSteps = new Set(read.state.reuse.keys());
    }
    const own = fanOutOwnState(trace.fanOutPart, read.state, shardPlans, preparedSteps);
    if (trace.fanOutPart === 'merge') ownMerge = own;
    states.push(own);
  }
  if (states.length > 0) resume = states.length === 1 ? states[0] : mergeResumeStates(states, states.map((state) => state.from).join(', '), ownMerge);
  const stepWeights = settings.stepWeights ?? (resume && resume.durations.size > 0 ? resume.durations : undefined);
  const granted = settings.approve && grantApproval(loadedPlan, resume, settings.approve, inputs.inputs, redact);
  if (granted && !granted.ok) return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot approve: ${granted.problem}`)] };
  // An approved run runs the plan exactly as approved; another resumed run goes on with the plan the run it
  // resumes last had, or says why not (`resumedSteps`). The file's steps as the trace keeps them: what a resumed run's replans (and this run's) are of.
  const fileSteps = loadedPlan.steps.length > 0 ? fileStepsHash(loadedPlan.steps, redact) : undefined;
  const planned = plannedFor(loadedPlan, inputs.inputs, redact);
  const approved = granted ? approvedSteps(loadedPlan.steps, granted.request.plan.steps, redact) : undefined;
  if (approved && 'problem' in approved) return { kind: 'rejected', plan: loadedPlan, errors: [setupError(loadedPlan, `cannot approve: ${approved.problem}`)] };
  const resumed: ResumedSteps | undefined = approved ? { steps: approved.steps } : resume && resumedSteps(loadedPlan, resume, planned, fileSteps, redact);
  // Why this run may not go on with the plan the run it resumes last had: a step taken out there may run again.
  const notResumed = resume?.replacedBefore?.why ?? (approved ? 'this run runs the steps the approval covers' : resumed?.why);
  // The run's journal from here, when the model writes the steps: each call that writes them is in the trace as it is
  // charged, before the plan is (`model_used`), so that a plan it did not write, a cancel or a kill while it wrote
  // keeps what it cost (found by a hunt: their trace was empty, and a killed action's post step showed no cost). Not
  // for a resumed run, whose trace may be the one it resumes, replaced only when its own first lines are whole.
  const journal = !resumed?.steps && model && resume === undefined ? new RunJournal(deps.listeners, deps.clock, deps.onListenerError, startedAt) : undefined;
  if (journal) budget.onSpentOutsideSteps((usage) => journal.modelUsed(usage));
  const steps = resumed?.steps
    ? ({ ok: true, plan: { ...loadedPlan, steps: resumed.steps }, written: true } as const)
    : await writeSteps(loadedPlan, { model, inputs: inputs.inputs, signal: deps.signal, ...(settings.model.missingHint !== undefined && { missingHint: settings.model.missingHint }) });
  if (!steps.ok) {
    // The planner's calls cost even when no plan came of them. A cancel while it wrote is a cancel, not a rejected plan.
    if (deps.signal?.aborted) return { kind: 'rejected', plan: loadedPlan, errors: [], usage: budget.usage, cancelled: 'the model was writing the plan' };
    return { kind: 'rejected', plan: loadedPlan, errors: steps.errors, usage: budget.usage, ...(steps.rejectedPlan && { rejectedPlan: steps.rejectedPlan }) };
  }
  const { plan } = steps;
  // The planner's calls count against the plan's limits here as in a run: one that passed a cap fails the job, naming it
  // (found by an adversarial pass: 5,500 tokens under max_tokens 1,000 succeeded, where mode: run failed).
  if (settings.mode === 'plan') return { kind: 'planned', plan, written: steps.written, usage: budget.usage, frozen: frozenPins(loadedPlan, inputs.inputs, redact), ...(budget.exceeded && { stopped: budget.exceeded }) };

  const noModel = model ? undefined : missingModelError(plan, settings.model.missingHint);
  if (noModel) return { kind: 'rejected', plan, errors: [noModel] };

  let opened: OpenTools;
  try {
    opened = await openTools(plan.source, {
      cwd: settings.cwd,
      env: settings.env,
      signal: deps.signal ?? new AbortController().signal,
      ...(servers && { servers }),
      ...settings.github,
      ...(deps.extraTools && { extraTools: deps.extraTools }),
      ...(plan.withheld && { withheld: plan.withheld }),
      // A resumed run goes on with the run it resumes: what that wrote counts against the plan's write caps.
      ...(resume && { earlierWrites: [...resume.sideEffects].flatMap(([key, call]) => (call.outcome === 'failed' ? [] : [{ tool: call.tool, key }])) }),
      redact,
      ...(deps.decorateTool && { decorateTool: deps.decorateTool }),
    });
  } catch (error) {
    // The model may have written the steps already: its calls cost though nothing ran.
    return { kind: 'rejected', plan, errors: [setupError(plan, (error as Error).message)], usage: budget.usage };
  }

  const replaced = resume && notResumed !== undefined ? replacedStepRefusal(plan, resume, notResumed, opened.tools, settings.optionNames ?? EITHER_OPTION_NAMES) : undefined;
  if (replaced !== undefined) {
    await opened.close();
    return { kind: 'rejected', plan, errors: [setupError(plan, `cannot ${settings.fanOut?.part === 'merge' ? 're-run the merge' : 'resume'}: ${replaced}`)], usage: budget.usage };
  }

  const partial = settings.fanOut !== undefined && settings.fanOut.part !== 'merge';
  // Where command goals are refused, this job's checkout is not the commit the run is for (an approving job's):
  // what steps read from it is marked, and no goal is checked on a result so marked, here or where it is reused.
  const freeTools = settings.commandGoalsRefused === undefined ? undefined : (await import('../tools/checkout-free-tools.ts')).checkoutFreeToolNames();
  const readsElsewhere = freeTools && ((step: PlanStep, of: RunnablePlan) => readsCheckout(step, freeTools, of.source?.tools));
  let run: RunOutcome;
  try {
    // A resumed run's plan goes on with the revision numbers of the run it resumes.
    run = await runPlan({ ...plan, revision: resumedRevision(resume, () => fileStepsHash(plan.steps, redact)) }, {
      runStep: deps.runStep ?? runStep,
      tools: opened.tools,
      model,
      listeners: deps.listeners,
      clock: deps.clock,
      startedAt,
      ...(journal && { journal }),
      signal: deps.signal,
      cwd: settings.cwd,
      inputs: inputs.inputs,
      redact,
      onListenerError: deps.onListenerError,
      ...(deps.recordProblem && { recordProblem: deps.recordProblem }),
      budget,
      // A prepare or shard job runs part of the plan; a replan there would change what the other jobs run. Loaded only with a model.
      ...(model && !partial && { replanner: (await import('../planner/model-replanner.ts')).createModelReplanner(plan, { model, inputs: inputs.inputs, ...(opened.githubWritten && { githubWritten: opened.githubWritten }) }) }),
      ...(settings.fanOut && { fanOut: settings.fanOut }),
      ...(deps.random && { random: deps.random }),
      // Without weights given, a resumed run orders its ready steps by how long they took in the run it resumes.
      ...(stepWeights && { stepWeights }),
      // A trace written before a used plan's results were kept in their place has them placed where this plan runs them.
      ...(resume && { resume: placeCarriedResults(resume, plan) }),
      ...(fileSteps !== undefined && { fileSteps }),
      plannedFor: planned,
      ...(granted && { approval: granted.approval }),
      ...(settings.askedAt && { askedAt: settings.askedAt }),
      // A used plan's goals are checked like the job's, with the same scrubbed environment.
      ...(readsElsewhere && { readsElsewhere }),
      checkGoals: (goals, target, signal, within) =>
        evaluateGoals(goals, target, { model, cwd: settings.cwd, env: scrubEnvironment(settings.env, undefined, 'goal'), signal, within, ...(settings.commandGoalsRefused !== undefined && { commandsRefused: settings.commandGoalsRefused }) }),
    });
  } finally {
    // Goal checks call no tools: end the MCP servers before they run.
    await opened.close();
  }

  // The goals judge the whole run: the merge job checks them, not the jobs that ran a part.
  if (partial) return { kind: 'ran', plan, run, goals: [], status: run.status, usage: budget.usage };
  const { goals, status } = await judgeGoals(plan, run, { model, cwd: settings.cwd, env: settings.env, signal: deps.signal, redact, usage: () => budget.usage, budgetStop: () => budget.exceeded, ...(resume && { resumedUnfinished: resume.leftUndone }), ...(settings.commandGoalsRefused !== undefined && { commandsRefused: settings.commandGoalsRefused }) });
  return { kind: 'ran', plan, run, goals, status, usage: budget.usage };
}
