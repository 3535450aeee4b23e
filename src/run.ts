import * as core from '@actions/core';
import { coreActionIO, redactingIO } from './action/action-io.ts';
import { actionSecrets } from './action/action-secrets.ts';
import { readActionSettings } from './action/action-settings.ts';
import { runAction } from './action/run-action.ts';
import { createOctokit } from './github/create-octokit.ts';
import { createRedactor, type Redactor } from './core/redact.ts';
import { systemClock } from './core/clock.ts';
import { actionsArtifactStore, artifactServiceProblem } from './state/actions-artifact-store.ts';
import type { RunStateStore } from './state/run-state-store.ts';
import type { ActionSettings } from './action/action-settings.ts';
import type { ActionIO } from './action/action-io.ts';
import path from 'node:path';

// Until the inputs are read, hide at least the token shapes the redactor knows.
let redact: Redactor = createRedactor();

function fail(what: string, error: unknown): void {
  // A message, never a stack trace: users act on "where and what", not on our internals.
  core.setFailed(redact(`plan-runner: ${what}: ${error instanceof Error ? error.message : String(error)}`));
}

/**
 * The action: reads the inputs, runs the plan, sets the outputs and the verdict. Never throws;
 * `src/index.ts` (the bundle entry) calls it, `@github/local-action` calls it on the sources.
 */
export async function run(): Promise<void> {
  try {
    await main();
  } catch (error) {
    fail('internal error', error);
  }
}

/**
 * The action's post step (`runs.post`), after the main step however it ended: when the main step
 * was killed before it saved the run's state, saves the trace it left, so a re-run resumes from it.
 */
export async function post(): Promise<void> {
  try {
    const read = readActionSettings((name) => core.getInput(name), process.env);
    if (!read.ok) return;
    redact = createRedactor(actionSecrets(read.settings));
    const io = redactingIO(coreActionIO(), redact);
    const { saveLeftState } = await import('./action/save-left-state.ts');
    await saveLeftState(read.settings, stateStore(read.settings, io), io);
  } catch (error) {
    // The post step never fails the job: the main step's verdict stands.
    core.warning(redact(`plan-runner (post): could not check the run's saved state: ${error instanceof Error ? error.message : String(error)}`));
  }
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

async function main(): Promise<void> {
  const read = readActionSettings((name) => core.getInput(name), process.env);
  if (!read.ok) {
    core.setOutput('status', 'failed');
    core.setOutput('goals-met', 'false');
    core.setFailed(`plan-runner: fix the step's inputs (with:):\n${read.problems.map((problem) => `- ${problem}`).join('\n')}`);
    return;
  }
  const settings = read.settings;
  // The post step runs after this one however it ends; this tells it apart (the runner gives it STATE_isPost).
  if (process.env['GITHUB_STATE']) core.saveState('isPost', 'true');
  for (const secret of [settings.model.apiKey, settings.githubToken]) if (secret) core.setSecret(secret);
  redact = createRedactor(actionSecrets(settings));
  const io = redactingIO(coreActionIO(), redact);

  // The runner cancels with SIGINT, then SIGTERM: both cancel the run, whose final state is still reported.
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (!controller.signal.aborted) io.warning(`Received ${signal}: cancelling the run; the summary, outputs and comment are still written.`);
      controller.abort(signal);
    });
  }

  const github = settings.githubToken
    ? createOctokit({ token: settings.githubToken, baseUrl: settings.github.apiUrl, warn: io.warning })
    : undefined;
  const state = stateStore(settings, io);
  const result = await runAction(settings, {
    io,
    redact,
    ...(state ? { state } : {}),
    clock: systemClock,
    signal: controller.signal,
    ...(github ? { github } : {}),
  });
  // Outputs and the verdict first: they must survive a runner that kills the process while the comment finishes.
  for (const [name, value] of Object.entries(result.outputs)) core.setOutput(name, redact(value));
  if (result.failure) core.setFailed(redact(result.failure));
  await result.published;
}
