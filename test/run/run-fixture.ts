import type { PlanStep } from '../../src/core/plan-step.ts';
import type { StepRunner } from '../../src/steps/step-context.ts';
import type { Tool, ToolContext, ToolRegistry } from '../../src/tools/tool.ts';
import type { RunEvent } from '../../src/core/run-event.ts';
import { ManualClock } from '../../src/run/manual-clock.ts';
import type { RunDeps } from '../../src/run/run-deps.ts';
import type { RunOutcome } from '../../src/run/run-outcome.ts';
import { runPlan } from '../../src/run/run-plan.ts';
import type { RunnablePlan } from '../../src/run/runnable-plan.ts';

/** A runnable plan of `steps` with test-friendly limits. */
export function planOf(steps: readonly PlanStep[], limits: Partial<RunnablePlan['limits']> = {}): RunnablePlan {
  return { name: 'test plan', steps, limits: { concurrency: 4, timeout_minutes: 30, ...limits } };
}

/** A tool that records every call (arguments and context) and answers with `answer`. */
export function recordingTool(name: string, answer: (args: Record<string, unknown>, n: number) => unknown, sideEffects = false) {
  const calls: Array<{ args: Record<string, unknown>; ctx: ToolContext }> = [];
  const tool: Tool = {
    name,
    description: name,
    inputSchema: { type: 'object' },
    sideEffects,
    async execute(args, ctx) {
      calls.push({ args, ctx });
      return answer(args, calls.length);
    },
  };
  return { tool, calls };
}

/** A tool that only matters for its timeout. */
export function slowTool(name: string, timeoutSeconds?: number): Tool {
  return {
    name,
    description: `${name} for tests`,
    inputSchema: { type: 'object' },
    sideEffects: false,
    timeoutSeconds,
    execute: () => new Promise(() => {}),
  };
}

export interface StartedRun {
  readonly outcome: Promise<RunOutcome>;
  readonly events: RunEvent[];
  readonly clock: ManualClock;
}

/** Starts `runPlan` with a manual clock and an event-collecting listener. */
export function startRun(
  plan: RunnablePlan,
  runStep: StepRunner,
  overrides: Partial<RunDeps> & { tools?: ToolRegistry } = {},
): StartedRun {
  const events: RunEvent[] = [];
  const clock = new ManualClock();
  const outcome = runPlan(plan, {
    runStep,
    tools: new Map(),
    clock,
    cwd: '/repo',
    inputs: {},
    ...overrides,
    listeners: [(event) => events.push(event), ...(overrides.listeners ?? [])],
  });
  return { outcome, events, clock };
}

/** Event types in order, with the step they concern: `step_started:a`. */
export function eventLog(events: readonly RunEvent[]): string[] {
  return events.map((event) => ('stepKey' in event ? `${event.type}:${event.stepKey}` : event.type));
}
