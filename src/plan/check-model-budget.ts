import type { PlanStep } from '../core/plan-step.ts';
import type { PlanIssue } from './plan-issue.ts';
import type { Plan } from './schema.ts';
import { stepsNeedingModel } from './steps-needing-model.ts';

/** The budget limits that, at 0, refuse a run's first model call. */
const MODEL_BUDGETS = ['max_model_calls', 'max_tokens', 'max_cost_usd'] as const;

/**
 * A budget of 0 model calls, tokens or dollars in a plan whose run needs a model (a model writes its steps, a step asks
 * one, or a goal is judged): the run would stop at its first call, with nothing done. `validate` said "ok" of such a plan
 * (found by a hunt for bad inputs), as it once did of more steps than `max_steps` allows (`checkStepCount`). The plans its
 * plan steps use are checked when the run calls their model.
 */
export function checkModelBudget(plan: Plan, steps: readonly PlanStep[]): PlanIssue[] {
  const zero = MODEL_BUDGETS.filter((key) => plan.limits?.[key] === 0);
  if (zero.length === 0) return [];
  const needing = plan.workflow_sequence === undefined ? 'a model writes its steps' : undefined;
  const stepKeys = stepsNeedingModel(steps).map((step) => step.key);
  const judges = (plan.goals ?? []).filter((goal) => goal.judge !== undefined).map((goal) => `goal '${goal.name}'`);
  const what = needing ?? [...(stepKeys.length ? [`step${stepKeys.length > 1 ? 's' : ''} ${stepKeys.join(', ')}`] : []), ...judges].join(' and ');
  if (what === '') return [];
  const verb = needing !== undefined || stepKeys.length + judges.length === 1 ? 'needs' : 'need';
  return zero.map((key) => ({
    path: ['limits', key],
    message: `limits.${key} is 0, but ${needing ?? `${what} ${verb} a model`}: the run would stop at its first model call; raise it, or leave it out for no limit`,
  }));
}
