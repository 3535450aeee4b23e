import { createRedactor } from '../../src/core/redact.ts';
import path from 'node:path';
import type { GitHubClient } from '../../src/github/create-octokit.ts';
import type { RunRepository } from '../../src/github/toolset-github-context.ts';
import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import { goalTargetOf } from '../../src/goals/goal-target.ts';
import type { GoalResult } from '../../src/goals/goal-result.ts';
import type { ModelClient } from '../../src/llm/model-client.ts';
import { formatPlanError } from '../../src/plan/plan-error.ts';
import type { ValidPlan } from '../../src/plan/valid-plan.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { RunOutcome } from '../../src/run/run-outcome.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import { runStep } from '../../src/steps/run-step.ts';
import { loadPlanWithServers } from '../../src/job/load-plan-with-servers.ts';
import { openTools } from '../../src/job/open-tools.ts';
import type { RunnerEnvironment } from '../../src/process/scrub-environment.ts';
import { processesWith } from './mcp-processes.ts';

export interface PlanFileRunOptions {
  readonly cwd: string;
  readonly env: RunnerEnvironment;
  readonly model?: ModelClient;
  readonly signal?: AbortSignal;
  readonly octokit?: GitHubClient;
  readonly repository?: RunRepository;
  readonly pullNumber?: number;
  readonly onEvent?: (event: RunEvent) => void;
  /** Processes whose command line holds this are counted while the run is still open. */
  readonly mark?: string;
}

export interface PlanFileRun {
  readonly plan: ValidPlan;
  readonly outcome: RunOutcome;
  readonly goals: readonly GoalResult[];
  /** Processes carrying `mark` right after the steps ran, before the tools were closed. */
  readonly liveDuringRun: readonly number[];
}

/**
 * Runs a plan file the way runJob is meant to: start its MCP servers and validate with their
 * tools, open the run's tools, run the steps with the real step kinds, close the tools in
 * `finally`, then check the goals.
 */
export async function runPlanFile(file: string, options: PlanFileRunOptions): Promise<PlanFileRun> {
  const signal = options.signal ?? new AbortController().signal;
  const loaded = await loadPlanWithServers(file, { signal, cwd: options.cwd, env: options.env, timeoutMs: 15_000, learnSecrets: undefined });
  if (!loaded.ok) throw new Error(loaded.errors.map(formatPlanError).join('\n'));
  const tools = await openTools(loaded.plan.source, {
    cwd: options.cwd,
    env: options.env,
    signal,
    redact: createRedactor(),
    ...(loaded.servers && { servers: loaded.servers }),
    ...(options.octokit && { octokit: options.octokit }),
    ...(options.repository && { repository: options.repository }),
    ...(options.pullNumber !== undefined && { pullNumber: options.pullNumber }),
  });
  let outcome: RunOutcome;
  let liveDuringRun: number[] = [];
  try {
    outcome = await runPlan(loaded.plan, {
      runStep,
      tools: tools.tools,
      ...(options.model && { model: options.model }),
      listeners: [(event) => options.onEvent?.(event)],
      clock: new ManualClock(),
      signal,
      cwd: options.cwd,
      inputs: Object.fromEntries(Object.entries(loaded.plan.source.inputs ?? {}).map(([name, input]) => [name, input.default])),
    });
    liveDuringRun = processesWith(options.mark ?? path.basename(file, '.yml'));
  } finally {
    await tools.close();
  }
  // The goals are checked against what the job checks them against: partial and masked results included.
  const goals = await evaluateGoals(
    loaded.plan.source.goals ?? [],
    goalTargetOf(outcome),
    { ...(options.model && { model: options.model }), cwd: options.cwd, env: {}, signal },
  );
  return { plan: loaded.plan, outcome, goals, liveDuringRun };
}
