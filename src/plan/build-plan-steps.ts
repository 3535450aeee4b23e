import { stepKey, type PlanStep } from '../core/plan-step.ts';
import { dependencyId, type Step } from './schema.ts';

/**
 * Steps as the executor sees them. `depends_on` defaults to the previous step, except that an
 * aggregate's explicit `inputs` are its dependencies; `[]` means none.
 */
export function buildPlanSteps(steps: readonly Step[]): PlanStep[] {
  return steps.map((step, index) => {
    const inputs = (step.inputs ?? []).map(stepKey);
    const previous = index > 0 ? [stepKey(steps[index - 1]!.id)] : [];
    const declared = step.depends_on?.map((dependency) => stepKey(dependencyId(dependency))) ?? (step.inputs ? [] : previous);
    const optional = (step.depends_on ?? []).filter((dependency) => typeof dependency === 'object' && dependency.optional).map((dependency) => stepKey(dependencyId(dependency)));
    // An aggregate's `inputs` are required, even when also listed as optional.
    const optionalKeys = optional.filter((key) => !inputs.includes(key));
    return {
      key: stepKey(step.id),
      id: step.id,
      type: step.type,
      description: step.description ?? step.tool ?? step.task ?? step.type,
      ...(step.title !== undefined && { title: step.title }),
      ...(step.tool !== undefined && { tool: step.tool }),
      ...(step.args !== undefined && { args: step.args }),
      ...(step.task !== undefined && { task: step.task }),
      ...(step.tools !== undefined && { tools: step.tools }),
      ...(step.max_turns !== undefined && { maxTurns: step.max_turns }),
      inputs,
      dependsOn: [...new Set([...declared, ...inputs])],
      ...(optionalKeys.length > 0 && { optional: [...new Set(optionalKeys)] }),
      ...(step.agent !== undefined && { agent: step.agent }),
      ...(step.timeout_seconds !== undefined && { timeoutSeconds: step.timeout_seconds }),
      ...(step.retry !== undefined && { retry: step.retry }),
      ...(step.on_failure !== undefined && { onFailure: step.on_failure }),
      ...(step.review !== undefined && { review: step.review }),
      ...(step.handles_gaps === true && { handlesGaps: true as const }),
      ...(step.approval === true && { approval: true as const }),
      ...(step.why !== undefined && { why: step.why }),
      ...(step.uses !== undefined && { uses: step.uses }),
      ...(step.with !== undefined && { with: step.with }),
      ...(step.for_each !== undefined && {
        forEach: {
          list: step.for_each,
          as: step.as ?? 'item',
          ...(step.key !== undefined && { key: step.key }),
          ...(step.max_items !== undefined && { maxItems: step.max_items }),
          onItemFailure: step.on_item_failure ?? 'fail',
          ...(step.fan_out === true && { fanOut: true }),
        },
      }),
    };
  });
}
