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

/** An issue at each model budget of 0 in `limits`, saying `needs` (what needs the model); none where nothing does. */
function zeroBudgets(limits: Plan['limits'], needs: string | undefined): PlanIssue[] {
  if (needs === undefined) return [];
  return MODEL_BUDGETS.filter((key) => limits?.[key] === 0).map((key) => ({
    path: ['limits', key],
    message: `limits.${key} is 0, but ${needs}: the run would stop at its first model call; ${ADVICE[key]}`,
  }));
}

/** What of the plan itself needs a model, in words (`step 1 and goal 'g' need a model`); undefined when nothing does. */
function ownNeed(plan: Plan, steps: readonly PlanStep[]): string | undefined {
  if (plan.workflow_sequence === undefined) return 'a model writes its steps';
  const stepKeys = stepsNeedingModel(steps).map((step) => step.key);
  const judges = (plan.goals ?? []).filter((goal) => goal.judge !== undefined).map((goal) => `goal '${goal.name}'`);
  const parts = [...(stepKeys.length ? [`step${stepKeys.length > 1 ? 's' : ''} ${stepKeys.join(', ')}`] : []), ...judges];
  if (parts.length === 0) return undefined;
  return `${parts.join(' and ')} ${stepKeys.length + judges.length === 1 ? 'needs' : 'need'} a model`;
}

/**
 * A budget of 0 model calls, tokens or dollars in a plan whose run needs a model (a model writes its steps, a step asks
 * one, or a goal is judged): the run would stop at its first call, with nothing done. `validate` said "ok" of such a plan
 * (found by a hunt for bad inputs), as it once did of more steps than `max_steps` allows (`checkStepCount`). The plans its
 * plan steps use are checked once they are loaded (`checkUsedPlansModelBudget`).
 */
export function checkModelBudget(plan: Plan, steps: readonly PlanStep[]): PlanIssue[] {
  return zeroBudgets(plan.limits, ownNeed(plan, steps));
}

/**
 * `checkModelBudget` for the plans a plan's plan steps use, at any depth, once they are loaded: a budget of 0 in a top plan
 * whose own steps need no model, but whose used plan does (found by a README walkthrough: `validate` said ok). Not for a
 * plan whose own need is refused already.
 */
export function checkUsedPlansModelBudget(plan: ValidPlan): PlanIssue[] {
  if (ownNeed(plan.source, plan.steps) !== undefined) return [];
  const used = [...(plan.subplans ?? [])].filter(([, inner]) => planNeedsModel(inner)).map(([uses]) => uses);
  return zeroBudgets(plan.source.limits, used.length === 0 ? undefined : `the plan${used.length === 1 ? '' : 's'} ${used.join(', ')} (used by a plan step) need${used.length === 1 ? 's' : ''} a model`);
}
