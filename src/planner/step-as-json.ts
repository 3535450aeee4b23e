import type { PlanStep } from '../core/plan-step.ts';

/** A step as the model reads it: the plan format's fields, compact JSON. */
export function stepAsJson(step: PlanStep): string {
  return JSON.stringify({
    id: step.id,
    type: step.type,
    description: step.description,
    ...(step.tool !== undefined && { tool: step.tool }),
    ...(step.args !== undefined && { args: step.args }),
    ...(step.task !== undefined && { task: step.task }),
    ...(step.tools !== undefined && { tools: step.tools }),
    ...(step.agent !== undefined && { agent: step.agent }),
    ...(step.inputs.length > 0 && { inputs: step.inputs }),
    depends_on: step.dependsOn.map((key) => (step.optional?.includes(key) ? { step: key, optional: true } : key)),
    ...(step.forEach !== undefined && { for_each: step.forEach.list, on_item_failure: step.forEach.onItemFailure }),
    ...(step.why !== undefined && { why: step.why }),
  });
}
