import type { PlanIssue } from './plan-issue.ts';
import { stepPath } from './plan-check-context.ts';
import type { Step } from './schema.ts';
import { FOR_EACH_ONLY_FIELDS, RESERVED_ITEM_NAMES, TYPE_ONLY_STEP_FIELDS, forEachOnlyMessage, reservedItemNameMessage } from './step-type-fields.ts';

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
    } else {
      const reserved = RESERVED_ITEM_NAMES.find((name) => name === step.as);
      if (reserved !== undefined) issues.push({ path: [...at, 'as'], message: reservedItemNameMessage(reserved) });
    }
  });
  return issues;
}
