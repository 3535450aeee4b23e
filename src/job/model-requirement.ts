import type { PlanError } from '../plan/plan-error.ts';
import { stepsNeedingModel } from '../plan/steps-needing-model.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

/** How to configure a model, for messages that say one is missing, where the front end gives no hint of its own. */
export const MODEL_HINT = 'set the api-key input (action), OPENAI_API_KEY or --replay FILE (CLI)';

/** An error with no position: about the plan as a whole, or the run's setup. */
export function setupError(plan: ValidPlan, message: string): PlanError {
  return { file: plan.file, path: '', message, setup: true };
}

/** The error for a plan whose steps or judge goals need a model when none is configured, if any. */
export function missingModelError(plan: ValidPlan, hint: string = MODEL_HINT): PlanError | undefined {
  for (const [uses, inner] of plan.subplans ?? []) {
    const inside = missingModelError(inner, hint);
    if (inside) return setupError(plan, `the plan ${uses} (used by a plan step): ${inside.message}`);
  }
  const needing = stepsNeedingModel(plan.steps);
  const judges = (plan.source.goals ?? []).filter((goal) => goal.judge !== undefined);
  if (needing.length === 0 && judges.length === 0) return undefined;
  const what = [
    ...(needing.length ? [`step${needing.length > 1 ? 's' : ''} ${needing.map((s) => s.key).join(', ')}`] : []),
    ...judges.map((goal) => `goal '${goal.name}'`),
  ].join(' and ');
  const verb = needing.length + judges.length > 1 ? 'need' : 'needs';
  return setupError(plan, `${what} ${verb} a model, and none is configured: ${hint}`);
}
