import type { PlanIssue } from './plan-issue.ts';
import { stepPath } from './plan-check-context.ts';
import type { Step } from './schema.ts';

/** Fields that only some step types take: `tool` and `args` on tool_call, `inputs` on aggregate, `task`, `tools` and `max_turns` on agent. */
export function checkStepFields(steps: readonly Step[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  steps.forEach((step, index) => {
    const at = stepPath(index);
    if (step.type !== 'tool_call') {
      if (step.tool !== undefined) {
        issues.push({ path: [...at, 'tool'], at: 'key', message: `only tool_call steps name a tool; remove \`tool\` or write \`type: tool_call\`` });
      }
      if (step.args !== undefined) {
        issues.push({ path: [...at, 'args'], at: 'key', message: `only tool_call steps take \`args\`; a ${step.type} step is answered by the model` });
      }
    }
    if (step.type === 'agent') {
      if (step.task === undefined) issues.push({ path: at, message: 'an agent step needs `task:`, the instruction it works on' });
    } else {
      for (const key of ['task', 'tools', 'max_turns'] as const) {
        if (step[key] !== undefined) issues.push({ path: [...at, key], at: 'key', message: `only agent steps take \`${key}\`; write \`type: agent\` or remove it` });
      }
    }
    if (step.for_each === undefined) {
      for (const field of ['as', 'key', 'max_items', 'on_item_failure'] as const) {
        if (step[field] !== undefined) issues.push({ path: [...at, field], at: 'key', message: `only for_each steps take \`${field}\`; add \`for_each:\` (a reference to a list) or remove it` });
      }
    } else if (step.as === 'steps' || step.as === 'inputs') {
      issues.push({ path: [...at, 'as'], message: `\`${step.as}\` is taken by \${${step.as}.…} references; name the item something else, such as \`item\`` });
    }
    if (step.type !== 'aggregate' && step.inputs !== undefined) {
      issues.push({ path: [...at, 'inputs'], at: 'key', message: `only aggregate steps take \`inputs\`; use \`depends_on\` to wait for other steps` });
    }
  });
  return issues;
}
