import type { PlanStep } from '../core/plan-step.ts';
import { stableHash } from '../core/stable-hash.ts';
import { TEMPLATE_PATTERN } from './reference-syntax.ts';

/**
 * The step as the hashes a resume compares hold it (its reuse key, the plan file's steps): without `taskAsWritten` when
 * its task holds no `${…}`, whose prompt is the same taken as written or not. Traces written before the field hold such a
 * step without it: hashed with it, a resume ran the completed agent again (found by a review). A task with one changed meaning.
 */
export function hashedStep(step: PlanStep): PlanStep {
  if (!step.taskAsWritten || (step.task ?? step.description).match(TEMPLATE_PATTERN) !== null) return step;
  const { taskAsWritten: _asWritten, ...rest } = step;
  return rest;
}

/** `hashedStep` of each step: the same array when none changes, whose canonical text is made once (`stepsCanonicalJson`). */
export function hashedSteps(steps: readonly PlanStep[]): readonly PlanStep[] {
  return steps.some((step) => hashedStep(step) !== step) ? steps.map(hashedStep) : steps;
}

/** The hash of a trace's steps (redacted already) as `fileStepsHash` hashes a plan file's: what a resume compares them by. */
export function tracedStepsHash(steps: readonly PlanStep[]): string {
  return stableHash(hashedSteps(steps));
}
