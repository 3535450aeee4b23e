import type { PlanStep } from '../core/plan-step.ts';
import type { ValidPlan } from './valid-plan.ts';

/** True when running the step calls the model: a tool_call without args, a reasoning or aggregate step. */
export function stepNeedsModel(step: PlanStep): boolean {
  if (step.type === 'plan') return false;
  return step.type !== 'tool_call' || step.args === undefined;
}

/** The steps that call the model, in plan order. */
export function stepsNeedingModel(steps: readonly PlanStep[]): PlanStep[] {
  return steps.filter(stepNeedsModel);
}

/** True when a run of the plan needs a model: to write the steps, to run one, or to judge a goal. */
export function planNeedsModel(plan: ValidPlan): boolean {
  return (
    plan.steps.length === 0 ||
    plan.steps.some(stepNeedsModel) ||
    (plan.source.goals ?? []).some((goal) => goal.judge !== undefined) ||
    [...(plan.subplans?.values() ?? [])].some(planNeedsModel)
  );
}
