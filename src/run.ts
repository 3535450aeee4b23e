import './plan/zod-jitless.ts';
import { runnerActionIO, redactingIO } from './action/action-io.ts';
import type { RunnerCommands } from './action/runner-commands.ts';
import { toolkitCommands } from './action/toolkit-commands.ts';
import { actionSecrets, givenInputSecrets, runnerMasks } from './action/action-secrets.ts';
import { readActionSettings } from './action/action-settings.ts';
import { refusedMergeJob } from './action/refused-merge-job.ts';
import { commentTarget } from './action/comment-target.ts';
import { refuseInputs } from './action/refuse-inputs.ts';
import { UNFINISHED_OUTPUTS, USAGE_OUTPUTS } from './action/action-outputs.ts';
import { undeclaredInputWarnings } from './action/undeclared-inputs.ts';
import { ESCALATION_TOLD_STATE } from './action/left-escalation.ts';
import { ANSWER_RECORDED_STATE, PAUSED_HEAD_STATE, CHECK_RUN_STATE, COMMENT_STATE, RESUMED_FROM_STATE, runAction, TRACE_OPENED_STATE } from './action/run-action.ts';
import { stopKilledRun } from './action/stop-killed-run.ts';
import { checkRunJob } from './action/check-run.ts';
import { REPORTED_STATE } from './action/write-report.ts';
import { stateLeftToSave } from './action/save-left-state.ts';
import { ENDED_STATE, POST_IDLE_STATE } from './action/step-states.ts';
import { TRACE_STARTED_STATE } from './action/trace-started.ts';
import { createRedactor, type Redactor } from './core/redact.ts';
import { redactFigure } from './core/redact-output.ts';
import { systemClock } from './core/clock.ts';
import { regexEngineMissing } from './core/regex-engine-file.ts';
import { sendFetchThroughProxy } from './core/proxy-from-environment.ts';
import { neutraliseLogText } from './security/neutralise-log-text.ts';
import { lazyGitHubClient } from './github/lazy-github-client.ts';
import { githubRunContext } from './github/github-run-context.ts';
import { RateBudget } from './github/rate-budget.ts';
import { actionsArtifactStore, artifactServiceProblem } from './state/actions-artifact-store.ts';
import type { RunStateStore } from './state/run-state-store.ts';
import type { GitHubClient } from './github/create-octokit.ts';
import type { ActionSettings } from './action/action-settings.ts';
import type { ActionIO } from './action/action-io.ts';
import path from 'node:path';
import { cancelSignals } from './core/cancel-signals.ts';

// Until the inputs are read, hide at least the token shapes the redactor knows.
let redact: Redactor = createRedactor();

// What the action says to the runner; `run` and `post` set it before anything else happens.
let runner: RunnerCommands | undefined;

/**
 * The outputs of a job that failed before its own were set (an internal error, a bundle without its regex engine):
 * a later step's `if: steps.plan.outputs.goals-met != 'false'` read the empty value as a pass (found by an
 * adversarial pass). Set after outputs the main step set, they are the ones read: the job failed.
 */
function failedOutputs(commands: RunnerCommands): void {
  try {
    commands.setOutput('status', 'failed');
    commands.setOutput('goals-met', 'false');
  } catch {
    // The verdict below still fails the job.
  }
}

function fail(what: string, error: unknown): void {
  // A message, never a stack trace: users act on "where and what", not on our internals.
  const message = redact(`plan-runner: ${what}: ${error instanceof Error ? error.message : String(error)}`);
  if (runner) {
    failedOutputs(runner);
    return runnerActionIO(runner).fail(message);
  }
  // Only when loading @actions/core itself failed (local-action): stderr is read for commands too.
  process.exitCode = 1;
  process.stderr.write(`${neutraliseLogText(message)}\n`);
}

/** `@actions/core` as the runner's commands, loaded only for a caller that gives none (local-action). */
async function actionsCore(): Promise<RunnerCommands> {
  return toolkitCommands(await import('@actions/core'));
}

/**
 * The action: reads the inputs, runs the plan, sets the outputs and the verdict. Never throws.
 * `src/index.ts` (the bundle entry) calls it with the workflow commands written directly;
 * `@github/local-action` calls it on the sources with none, and it then talks through `@actions/core`.
 */
export async function run(commands?: RunnerCommands): Promise<void> {
  try {
    runner = commands ?? (await actionsCore());
    const incomplete = regexEngineMissing();
    if (incomplete) {
      failedOutputs(runner);
      return runner.setFailed(`plan-runner: ${incomplete}`);
    }
    // Before the first request: Node's fetch (the model endpoint, http tools, MCP servers) ignores the proxy variables.
    const { warning } = sendFetchThroughProxy(process.env);
    await main(runner, warning);
  } catch (error) {
    fail('internal error', error);
  }
}

/**
 * The action's post step (`runs.post`), after the main step however it ended: when the main step
 * was killed before it saved the run's state, saves the trace it left, so a re-run resumes from it;
 * when it was killed mid-run, writes the summary and finishes the PR comment from that trace.
 */
export async function post(commands?: RunnerCommands): Promise<void> {
  try {
    const core = (runner = commands ?? (await actionsCore()));
    // The main step has said so, and ran nothing.
    if (regexEngineMissing()) return;
    const read = await readActionSettings((name) => core.getInput(name), process.env);
    if (!read.ok) {
      // The main step took these inputs and ran; something since (a step's link at the plan's path) has the same
      // inputs refused now. Said, not passed over: the post step stopped without a word, its comment left at ⏳.
      const ranAndKilled = process.env[`STATE_${ENDED_STATE}`] !== 'true' && Boolean(process.env[`STATE_${TRACE_STARTED_STATE}`] || process.env[`STATE_${CHECK_RUN_STATE}`] || process.env[`STATE_${COMMENT_STATE}`]);
      if (ranAndKilled) {
        redact = createRedactor(givenInputSecrets((name) => core.getInput(name), process.env));
        core.warning(redact(`plan-runner (post): the main step was stopped before it finished, and its inputs are refused now (${read.problems.join('; ')}): its saved state is left as the main step left it.`));
        await stopRefusedKilledRun(core);
      }
      return;
    }
    redact = createRedactor(actionSecrets(read.settings));
    const io = redactingIO(runnerActionIO(core), redact);
    const { saveLeftState } = await import('./action/save-left-state.ts');
    await saveLeftState(read.settings, stateStore(read.settings, io), io);
    // The main step saves `ended` once it has written its reports: without it, it was killed mid-run.
    if (process.env[`STATE_${ENDED_STATE}`] !== 'true') {
      const { finishKilledRun } = await import('./action/finish-killed-run.ts');
      const pausedHeadSha = process.env[`STATE_${PAUSED_HEAD_STATE}`];
      const checkRunId = savedId(CHECK_RUN_STATE);
      const reported = process.env[`STATE_${REPORTED_STATE}`] === 'true';
      const traceOpened = process.env[`STATE_${TRACE_OPENED_STATE}`] === 'true';
      const answerRecorded = process.env[`STATE_${ANSWER_RECORDED_STATE}`] === 'true';
      const traceStarted = process.env[`STATE_${TRACE_STARTED_STATE}`] || undefined;
      const resumedFrom = process.env[`STATE_${RESUMED_FROM_STATE}`];
      const escalationTold = process.env[`STATE_${ESCALATION_TOLD_STATE}`] === 'true';
      await finishKilledRun(read.settings, { io, redact, clock: systemClock, ...settingsGitHubClient(read.settings, io), ...(pausedHeadSha && { pausedHeadSha }), ...(checkRunId !== undefined && { checkRunId }), ...(reported && { reported }), traceOpened, traceStarted, ...(answerRecorded && { answerRecorded }), ...(resumedFrom && { resumedFrom }), ...(escalationTold && { escalationTold }) });
    }
  } catch (error) {
    // The post step never fails the job: the main step's verdict stands.
    runner?.warning(redact(`plan-runner (post): could not check the run's saved state: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** A GitHub id the main step saved for its post step (a comment's, a check run's), or undefined when none is there. */
function savedId(name: string): number | undefined {
  const id = Number(process.env[`STATE_${name}`] || Number.NaN);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * What a killed main step left at ⏳ and in progress (the ids it saved), when its post step cannot finish it from
 * the trace (the inputs are refused now): `stopKilledRun` says the run stopped, and what to do.
 */
async function stopRefusedKilledRun(core: RunnerCommands): Promise<void> {
  const token = core.getInput('github-token') || process.env['GITHUB_TOKEN'];
  if (!token) return;
  const context = githubRunContext(process.env);
  const io = redactingIO(runnerActionIO(core), redact);
  const { github } = gitHubClient(token, context.apiUrl, io);
  const [commentId, checkRunId, job] = [savedId(COMMENT_STATE), savedId(CHECK_RUN_STATE), checkRunJob(process.env)];
  await stopKilledRun({ github, context, ...(commentId && { commentId }), ...(checkRunId && { checkRunId }), ...(job && { job }) }, io);
}

/**
 * The GitHub client for the job's token, loaded at its first request: a plan that never talks to GitHub
 * never compiles Octokit. Its answers' rate-limit headers go to `rateBudget`.
 */
function gitHubClient(token: string, apiUrl: string | undefined, io: ActionIO): { github: GitHubClient; rateBudget: RateBudget } {
  const rateBudget = new RateBudget();
  return { rateBudget, github: lazyGitHubClient(async () => (await import('./github/create-octokit.ts')).createOctokit({ token, baseUrl: apiUrl, warn: io.warning, rateBudget })) };
}

/** `gitHubClient` for the settings' token; nothing without one. */
function settingsGitHubClient(settings: ActionSettings, io: ActionIO): { github?: GitHubClient; rateBudget?: RateBudget } {
  return settings.githubToken ? gitHubClient(settings.githubToken, settings.github.apiUrl, io) : {};
}

/** The artifact store for `state: artifact` inside a job; undefined (said in the log) elsewhere. */
function stateStore(settings: ActionSettings, io: ActionIO): RunStateStore | undefined {
  if (settings.state !== 'artifact') return undefined;
  const problem = artifactServiceProblem(settings.env);
  if (problem) {
    io.info(`The run's state is kept only in its trace file: ${problem}.`);
    return undefined;
  }
  const [owner, repo] = settings.github.repository?.split('/') ?? [];
  const otherRuns = settings.githubToken && owner && repo ? { token: settings.githubToken, owner, repo } : undefined;
  return actionsArtifactStore(path.join(settings.outputDir, 'state-work'), otherRuns);
}

/** Reports a rejection nobody awaited as the job's failure instead of a crash with a stack trace. */
export function failOnUnhandledRejection(): void {
  process.on('unhandledRejection', (reason) => fail('internal error (unhandled rejection)', reason));
}

/** `proxyWarning`: why fetch goes through no proxy, written by the step's IO, which counts it among the step's warnings. */
async function main(core: RunnerCommands, proxyWarning: string | undefined): Promise<void> {
  // Until the run sets its own: what a step killed before then leaves (see UNFINISHED_OUTPUTS).
  for (const [name, value] of Object.entries(UNFINISHED_OUTPUTS)) core.setOutput(name, value);
  const read = await readActionSettings((name) => core.getInput(name), process.env);
  if (read.ok) for (const mask of runnerMasks([read.settings.model.apiKey, read.settings.githubToken])) core.setSecret(mask);
  redact = createRedactor(read.ok ? actionSecrets(read.settings) : givenInputSecrets((name) => core.getInput(name), process.env));
  const io = redactingIO(runnerActionIO(core), redact);
  if (proxyWarning) io.warning(`plan-runner: ${proxyWarning}`);
  // Said whether or not the inputs were refused: a misspelt one may be why they were.
  for (const warning of undeclaredInputWarnings(process.env)) io.warning(warning);
  if (!read.ok) {
    // A fanned-out run's merge job: the comment its other jobs left at ⏳ is named by the inputs that name it.
    const merge = refusedMergeJob((name) => core.getInput(name), process.env);
    const target = merge && commentTarget(merge).target;
    const runUrl = merge?.github.runUrl;
    const shared = target && runUrl && merge.githubToken ? { github: gitHubClient(merge.githubToken, merge.github.apiUrl, io).github, target, planId: merge.planId, runUrl } : undefined;
    const refused = await refuseInputs(read.problems, { io, redact, ...(shared && { shared }) });
    for (const [name, value] of Object.entries(refused.outputs)) core.setOutput(name, value);
    io.fail(refused.failure!);
    return;
  }
  const settings = read.settings;

  // The runner cancels with SIGINT, then SIGTERM (SIGBREAK on Windows): each cancels the run, whose final state is still reported.
  const controller = new AbortController();
  for (const signal of cancelSignals()) {
    process.on(signal, () => {
      if (!controller.signal.aborted) io.warning(`Received ${signal}: cancelling the run; the summary, outputs and comment are still written.`);
      controller.abort(signal);
    });
  }

  const { github, rateBudget } = settingsGitHubClient(settings, io);
  const state = stateStore(settings, io);
  const saved = new Set<string>();
  const saveState = (name: string, value: string): void => {
    saved.add(name);
    core.saveState(name, value);
  };
  const result = await runAction(settings, {
    io,
    redact,
    ...(state ? { state } : {}),
    clock: systemClock,
    signal: controller.signal,
    ...(github ? { github } : {}),
    ...(rateBudget ? { rateBudget } : {}),
    ...(process.env['GITHUB_STATE'] && { saveState }),
  });
  // Outputs and the verdict first: they must survive a runner that kills the process while the comment finishes.
  // Redacted again, each as what it is: the usage figures plan-runner computed (hidden only when a secret whole), and
  // mode: eval's result, JSON whose strings and figures `runEvalAction` redacted already (as text, a figure's digits cut
  // it into no JSON); all else as text.
  for (const [name, value] of Object.entries(result.outputs)) {
    const shown = USAGE_OUTPUTS.has(name) ? redactFigure(value, redact) : name === 'result' && settings.mode === 'eval' ? value : redact(value);
    core.setOutput(name, shown);
  }
  if (result.failure) io.fail(result.failure);
  await result.published;
  if (!process.env['GITHUB_STATE']) return;
  // For the post step: this step wrote its reports (without it, the post step writes them from the trace).
  core.saveState(ENDED_STATE, 'true');
  // And, when no state is left to save, that it has nothing to do: it then ends without loading the bundle.
  if (!(await stateLeftToSave(settings, state, (name) => saved.has(name)))) core.saveState(POST_IDLE_STATE, 'true');
}
