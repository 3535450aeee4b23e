import type { PlanError } from '../plan/plan-error.ts';
import type { ValidPlan } from '../plan/valid-plan.ts';

/** True when a model-written plan must call a tool: `planner.require_tools`, by default whenever the plan offers tools. */
export function requiresToolStep(plan: ValidPlan): boolean {
  return plan.source.planner?.require_tools ?? plan.tools.size > 0;
}

/**
 * The planner rule `require_tools`: a plan a model wrote for a goal that has tools must use one —
 * a `tool_call` step, or an `agent` step with tools — or it only talks about the work. Undefined
 * when the plan passes.
 */
export function toolStepProblem(plan: ValidPlan, written: ValidPlan): PlanError | undefined {
  if (!requiresToolStep(plan)) return undefined;
  const callsTool = written.steps.some((step) => step.type === 'tool_call' || (step.type === 'agent' && (step.tools?.length ?? 0) > 0));
  if (callsTool) return undefined;
  return {
    path: 'steps',
    message:
      'the plan calls no tool, but tools are available for this goal (planner.require_tools): add a tool_call step, or an agent step with tools, for the part of the work a tool does',
  };
}
