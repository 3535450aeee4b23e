import type { PlanIssue } from './plan-issue.ts';
import { stepPath } from './plan-check-context.ts';
import type { Step } from './schema.ts';
import { FOR_EACH_ONLY_FIELDS, TYPE_ONLY_STEP_FIELDS, forEachOnlyMessage } from './step-type-fields.ts';

/**
 * Fields that only some steps take — `tool` and `args` on tool_call, `inputs` on aggregate, `task`,
 * `tools` and `max_turns` on agent, `as`, `key`, `max_items`, `on_item_failure` and `fan_out` with `for_each` —
 * an agent's `task`, and item names that would shadow references.
 */
export function checkStepFields(steps: readonly Step[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    const at = stepPath(index);
    for (const { field, types, message } of TYPE_ONLY_STEP_FIELDS) {
      if (step[field] !== undefined && !types.includes(step.type)) issues.push({ path: [...at, field], at: 'key', message: message(step.type) });
    }
    if (step.type === 'agent' && step.task === undefined) issues.push({ path: at, message: 'an agent step needs `task:`, the instruction it works on' });
    if (step.type === 'plan' && step.uses === undefined) issues.push({ path: at, message: 'a plan step needs `uses:`, the plan file it runs (relative to the repository root)' });
    if (step.for_each === undefined) {
      for (const field of FOR_EACH_ONLY_FIELDS) {
        if (step[field] !== undefined) issues.push({ path: [...at, field], at: 'key', message: forEachOnlyMessage(field) });
      }
    } else if (step.as === 'steps' || step.as === 'inputs') {
      issues.push({ path: [...at, 'as'], message: `\`${step.as}\` is taken by \${${step.as}.…} references; name the item something else, such as \`item\`` });
    }
  });
  return issues;
}
