import { evaluateGoals } from '../../src/goals/evaluate-goals.ts';
import type { GoalDeps } from '../../src/goals/goal-check.ts';
import type { GoalResult } from '../../src/goals/goal-result.ts';
import type { GoalTarget } from '../../src/goals/goal-target.ts';
import { Goal } from '../../src/plan/schema.ts';
import type { StepState } from '../../src/core/run-event.ts';

/** A finished run: its final result and, optionally, how each step ended. */
export function finishedRun(
  finalResult: unknown,
  steps: Readonly<Record<string, { state: StepState; result?: unknown }>> = {},
): GoalTarget {
  const results = new Map<string, unknown>();
  const stepStates = new Map<string, StepState>();
  for (const [key, step] of Object.entries(steps)) {
    stepStates.set(key, step.state);
    if (step.result !== undefined) results.set(key, step.result);
  }
  return { finalResult, results, stepStates, unfinished: new Map() };
}

/** Deps for goals that need neither a model nor a command. */
export const NO_DEPS: GoalDeps = { cwd: process.cwd(), env: {} };

/** A goal as a plan file would declare it, checked by the plan schema so tests use real definitions. */
export function goal(definition: Record<string, unknown>): Goal {
  return Goal.parse({ name: 'the goal', ...definition });
}

/** Evaluates one goal declared as in a plan file. */
export async function checkGoal(definition: Record<string, unknown>, target: GoalTarget, deps: GoalDeps = NO_DEPS): Promise<GoalResult> {
  const [result] = await evaluateGoals([goal(definition)], target, deps);
  if (!result) throw new Error('evaluateGoals returned no result');
  return result;
}
