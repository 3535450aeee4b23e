import type { PlanStep } from '../core/plan-step.ts';
import { errorText } from '../core/error-text.ts';
import { PlanGraph, withEdgesWithin } from './plan-graph.ts';

/**
 * Why the graph cannot take replacement steps after the completed ones (none, a reused id, an
 * unknown dependency), checked before anything in the run changes; undefined when it can.
 */
export function replacementProblem(completed: readonly PlanStep[], usedKeys: ReadonlySet<string>, steps: readonly PlanStep[]): string | undefined {
  if (steps.length === 0) return 'it returned no steps';
  const reused = steps.find((step) => usedKeys.has(step.key));
  if (reused) return `step id ${reused.key} was used before in this run; new steps need new ids`;
  try {
    const kept = new Set(completed.map((step) => step.key));
    new PlanGraph([...completed.map((step) => withEdgesWithin(step, kept)), ...steps]);
    return undefined;
  } catch (error) {
    return errorText(error);
  }
}
