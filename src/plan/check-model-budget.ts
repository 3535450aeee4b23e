import type { PlanStep } from '../core/plan-step.ts';
import type { PlanIssue } from './plan-issue.ts';
import { DEFAULT_LIMITS, type Plan } from './schema.ts';
import { groupDigits } from '../core/group-digits.ts';
import { planNeedsModel, stepsNeedingModel } from './steps-needing-model.ts';
import type { ValidPlan } from './valid-plan.ts';

/** The budget limits that, at 0, refuse a run's first model call. */
const MODEL_BUDGETS = ['max_model_calls', 'max_tokens', 'max_cost_usd'] as const;

/** What to do instead, for each: left out, the calls and tokens have a default, the cost none. */
const ADVICE: Record<(typeof MODEL_BUDGETS)[number], string> = {
  max_model_calls: `raise it (left out, it is ${DEFAULT_LIMITS.max_model_calls})`,
  max_tokens: `raise it (left out, it is ${groupDigits(DEFAULT_LIMITS.max_tokens)})`,
  max_cost_usd: 'raise it, or leave it out for no cost cap',
};

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
    message: `limits.${key} is 0, but ${needing ?? `${what} ${verb} a model`}: the run would stop at its first model call; ${ADVICE[key]}`,
  }));
}

/**
 * `checkModelBudget` for the plans a plan's plan steps use, at any depth, once they are loaded: a budget of 0 in a top plan
 * whose own steps need no model, but whose used plan does (found by a README walkthrough: `validate` said ok). Not for a
 * plan whose own need is refused already.
 */
export function checkUsedPlansModelBudget(plan: ValidPlan): PlanIssue[] {
  const zero = MODEL_BUDGETS.filter((key) => plan.source.limits?.[key] === 0);
  if (zero.length === 0 || checkModelBudget(plan.source, plan.steps).length > 0) return [];
  const used = [...(plan.subplans ?? [])].filter(([, inner]) => planNeedsModel(inner)).map(([uses]) => uses);
  if (used.length === 0) return [];
  const what = `the plan${used.length === 1 ? '' : 's'} ${used.join(', ')} (used by a plan step) need${used.length === 1 ? 's' : ''} a model`;
  return zero.map((key) => ({ path: ['limits', key], message: `limits.${key} is 0, but ${what}: the run would stop at its first model call; ${ADVICE[key]}` }));
}
